/**
 * Text in Mentora's PDFs (pdfkit): each script's run in its Noto font (fonts.ts), registered with the document when a
 * run first needs it, so names print as typed; and a finished document's bytes.
 */
import { fontBytes, scriptRuns } from './fonts.js';

export type Weight = 'regular' | 'bold';

/** The fonts registered with each document so far. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/**
 * Writes `text` at the cursor, each script's run in its font (pdfkit subsets each font to the glyphs used);
 * `continued` keeps the cursor on the line for more. Answers the document, for chaining.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, weight: Weight, continued = false): PDFKit.PDFDocument {
  const parts = scriptRuns(text);
  parts.forEach(({ text: run, script }, i) => {
    const name = `${script}-${weight}`;
    const names = registered.get(doc) ?? registered.set(doc, new Set()).get(doc)!;
    if (!names.has(name)) doc.registerFont(name, fontBytes(script, weight));
    names.add(name);
    doc.font(name).text(run, { continued: continued || i < parts.length - 1 });
  });
  return doc;
}

/** The bytes of `doc`, which the caller has ended (`doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
