/**
 * Plain text of an uploaded CV: PDF with unpdf (pdf.js), DOCX with mammoth after the zip-bomb guard, legacy
 * .doc with word-extractor. The type is the one detected from the bytes at upload (files.content_type), never
 * the file name. The parsers run in a child process with a time and a memory limit (cv-text-process.ts), a
 * few at once, so a hostile document neither holds the request thread nor keeps the server's memory
 * (docs/security.md, "CV analysis").
 */
import { messages } from '../../../shared/messages.js';
import { AppError } from '../../errors.js';
import { CvTextBusyError, extractInChildProcess } from './cv-text-process.js';

/**
 * Limits of one extraction. Pages beyond `maxPdfPages` and text beyond `maxTextChars` are not read. The
 * bytes a document may decode (compressed streams, fonts) are bounded by the process's memory and time.
 * Two processes at once on a small server keep /healthz under 100 ms p99 with ten bombs in flight
 * (bench/cv-bomb.mjs).
 */
export const cvTextLimits = {
  maxPdfPages: 30,
  maxImagePixels: 4_000_000,
  maxDocxEntries: 500,
  maxDocxUnpackedBytes: 25 * 1024 * 1024,
  maxTextChars: 200_000,
  timeLimitMs: 10_000,
  // Generous: a process that cannot even start in this time is on a machine with bigger problems than this document.
  startLimitMs: 30_000,
  maxRssBytes: 256 * 1024 * 1024,
  maxHeapMb: 160,
  maxConcurrent: 2,
  maxQueued: 8,
} as const;

/**
 * The text of a CV whose detected type is `contentType` (PDF, DOCX or DOC), at most `maxTextChars`
 * characters, trimmed.
 * Errors: UNPROCESSABLE (422) `cvTooComplex` for a document over the limits (a DOCX that unpacks too far, or
 * one that takes more than `timeLimitMs` or `maxRssBytes` to read); UNPROCESSABLE `unreadableCv` when the file
 * cannot be parsed or holds no text (e.g. a scanned image); UNAVAILABLE (503) `cvAnalysisBusy` when
 * `maxConcurrent` extractions run and `maxQueued` wait, or no turn came within `timeLimitMs`.
 */
export async function extractCvText(bytes: Buffer, contentType: string): Promise<string> {
  let outcome;
  try {
    outcome = await extractInChildProcess({ bytes, contentType, limits: cvTextLimits }, cvTextLimits);
  } catch (err) {
    if (err instanceof CvTextBusyError) throw new AppError('UNAVAILABLE', messages.application.cvAnalysisBusy);
    throw err;
  }
  if ('text' in outcome) {
    const text = outcome.text.trim();
    if (text) return text;
    throw new AppError('UNPROCESSABLE', messages.application.unreadableCv);
  }
  if (outcome.failure === 'unreadable') throw new AppError('UNPROCESSABLE', messages.application.unreadableCv);
  if (outcome.failure === 'tooLarge') throw new AppError('UNPROCESSABLE', `${messages.application.cvTooComplex} (${outcome.detail})`);
  throw new AppError('UNPROCESSABLE', messages.application.cvTooComplex);
}
