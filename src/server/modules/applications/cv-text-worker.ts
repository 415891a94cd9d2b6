/**
 * Child-process entry that reads the text of one CV (spawned by cv-text-process.ts, never imported by the
 * server). The parsers run here, not on the request thread, because a hostile document can make them work
 * for seconds and allocate gigabytes: a 1 MB PDF whose content stream inflates to 1 GB is enough
 * (docs/security.md, "CV analysis"). This process is disposable: the parent kills it at its time or memory
 * limit, and everything it allocated goes back to the system when it ends.
 *
 * Protocol (IPC, advanced serialisation; cv-text-protocol.ts): says it is ready, receives one `CvTextRequest`, answers
 * one `CvTextReply`, exits.
 */
import { DOC_TYPE, DOCX_TYPE } from '../../../shared/uploads.js';
import { CV_TEXT_READY, type CvTextReply, type CvTextRequest } from './cv-text-protocol.js';
import { assertZipWithinLimits, ZipLimitError } from './zip-guard.js';

type Limits = CvTextRequest['limits'];

/**
 * The text of the first `maxPdfPages` pages, read page by page as a stream and no further once
 * `maxTextChars` characters are in hand. Whitespace is collapsed as unpdf's `extractText` does.
 */
async function pdfText(bytes: Uint8Array, limits: Limits): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  // No eval'd font code, no font faces, no system fonts, no large images, errors only in the log.
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: limits.maxImagePixels,
    verbosity: 0,
  });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, limits.maxPdfPages) && length < limits.maxTextChars; n++) {
      const reader = (await pdf.getPage(n)).streamTextContent().getReader();
      let page = '';
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        for (const item of (chunk.value as { items: { str?: string; hasEOL?: boolean }[] }).items) {
          if (item.str != null) page += item.str + (item.hasEOL ? '\n' : '');
        }
        if (length + page.length >= limits.maxTextChars) {
          await reader.cancel();
          break;
        }
      }
      pages.push(page);
      length += page.length + 1;
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Buffer, limits: Limits): Promise<string> {
  // The zip guard really inflates every entry with a cap before mammoth unpacks anything.
  assertZipWithinLimits(bytes, { maxEntries: limits.maxDocxEntries, maxTotalBytes: limits.maxDocxUnpackedBytes });
  const { default: mammoth } = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

async function docText(bytes: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(bytes);
  return [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].join('\n');
}

async function extract({ bytes, contentType, limits }: CvTextRequest): Promise<CvTextReply> {
  // IPC may hand over a Buffer, which pdf.js refuses: give each parser its own view of the same bytes.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    let text: string;
    if (contentType === 'application/pdf') text = await pdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
    else if (contentType === DOCX_TYPE) text = await docxText(buffer, limits);
    else if (contentType === DOC_TYPE) text = await docText(buffer);
    else return { failure: 'unreadable' };
    return { text: text.slice(0, limits.maxTextChars) };
  } catch (err) {
    if (err instanceof ZipLimitError) return { failure: 'tooLarge', detail: err.message };
    return { failure: 'unreadable' };
  }
}

process.once('message', (request: CvTextRequest) => {
  // pdf.js yields to the event loop while it decodes, so this check runs during a decompression bomb; the
  // parent's watchdog covers a parser that would not yield.
  setInterval(() => {
    if (process.memoryUsage.rss() > request.limits.maxRssBytes) process.exit(3);
  }, 20).unref();
  void extract(request).then((reply) => process.send!(reply, () => process.exit(0)));
});
// The server went away (or gave up on this document): stop at once.
process.on('disconnect', () => process.exit(0));
process.send!(CV_TEXT_READY);
