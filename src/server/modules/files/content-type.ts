/** Decides a file's type from its bytes (file-type), never from its name or the browser's claim. */
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { DOC_TYPE } from '../../../shared/uploads.js';

/** UTF-16LE "WordDocument": the stream every legacy Word file has inside its OLE compound container. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** Whether the file at `file` contains `needle`, read in chunks (never the whole file at once). */
async function fileIncludes(file: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(needle)) return true;
    // Keep enough of the end to find a needle that spans two chunks.
    tail = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}

/**
 * The MIME type the file at `file` really is, or null when unknown. A legacy .doc answers
 * `application/msword`. file-type reads only the parts of the file it needs.
 */
export async function detectContentType(file: string): Promise<string | null> {
  const found = await fileTypeFromFile(file);
  if (!found) return null;
  if (found.mime === 'application/x-cfb') return (await fileIncludes(file, WORD_STREAM)) ? DOC_TYPE : null;
  return found.mime;
}
