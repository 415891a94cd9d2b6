/** A PDF's text, read back by an independent parser (unpdf), its runs of white space made one space. */
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, ' ');
}
