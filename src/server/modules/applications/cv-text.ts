/**
 * Plain text of an uploaded CV (issue 4 §1; DESIGN.md "CV text"): PDF with unpdf (pdf.js), DOCX with
 * mammoth after the zip-bomb guard, legacy .doc with word-extractor. The type is the one detected from the
 * bytes at upload (files.content_type), never the file name. Text is capped at `maxTextChars`.
 */
import { messages } from '../../../shared/messages.js';
import { DOC_TYPE, DOCX_TYPE } from '../../../shared/uploads.js';
import { AppError } from '../../errors.js';
import { assertZipWithinLimits, ZipLimitError } from './zip-guard.js';

/** Limits of one extraction: pages read from a PDF, the unpacked size of a DOCX, the text kept. */
export const cvTextLimits = { maxPdfPages: 30, maxDocxEntries: 500, maxDocxUnpackedBytes: 25 * 1024 * 1024, maxTextChars: 200_000 } as const;

// The parsers are loaded on first use, not at start-up (issue 2 §7).
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    if (pdf.numPages <= cvTextLimits.maxPdfPages) return (await extractText(pdf, { mergePages: true })).text;
    const pages: string[] = [];
    for (let n = 1; n <= cvTextLimits.maxPdfPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  try {
    assertZipWithinLimits(bytes, { maxEntries: cvTextLimits.maxDocxEntries, maxTotalBytes: cvTextLimits.maxDocxUnpackedBytes });
  } catch (err) {
    if (err instanceof ZipLimitError) throw new AppError('UNPROCESSABLE', `${messages.application.cvTooComplex} (${err.message})`);
    throw err;
  }
  const { default: mammoth } = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

async function docText(bytes: Buffer): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(bytes);
  return [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].join('\n');
}

/**
 * The text of a CV whose detected type is `contentType` (PDF, DOCX or DOC), at most `maxTextChars`.
 * Errors: UNPROCESSABLE (422) `cvTooComplex` for a DOCX that unpacks beyond the limits; UNPROCESSABLE
 * `unreadableCv` when the file cannot be parsed or holds no text (e.g. a scanned image).
 */
export async function extractCvText(bytes: Buffer, contentType: string): Promise<string> {
  let text: string;
  try {
    if (contentType === 'application/pdf') text = await pdfText(bytes);
    else if (contentType === DOCX_TYPE) text = await docxText(bytes);
    else if (contentType === DOC_TYPE) text = await docText(bytes);
    else throw new AppError('UNPROCESSABLE', messages.application.unreadableCv);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNPROCESSABLE', messages.application.unreadableCv);
  }
  const trimmed = text.slice(0, cvTextLimits.maxTextChars).trim();
  if (!trimmed) throw new AppError('UNPROCESSABLE', messages.application.unreadableCv);
  return trimmed;
}
