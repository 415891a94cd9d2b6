/** Decides a file's type from its bytes (file-type), never from its name or the browser's claim. */
import { fileTypeFromBuffer } from 'file-type';
import { DOC_TYPE } from '../../../shared/uploads.js';

/** UTF-16LE "WordDocument": the stream every legacy Word file has inside its OLE compound container. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** The MIME type the bytes really are, or null when unknown. A legacy .doc answers `application/msword`. */
export async function detectContentType(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.mime === 'application/x-cfb') return bytes.includes(WORD_STREAM) ? DOC_TYPE : null;
  return found.mime;
}
