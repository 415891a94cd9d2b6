/**
 * The browser's quick checks of a chosen CV (docs/product.md "Expert applications"), so a person hears at once; the server decides
 * again from the bytes. Size at most 5 242 880 bytes; the type from the file's first bytes, never its name:
 * `%PDF` (PDF), a zip (DOCX) or an OLE compound file (legacy DOC).
 */
import { uploadRules } from '@shared/uploads';

const signatures = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // zip: DOCX
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE compound file: DOC
];

/** The message refusing `file`, or null when it may be uploaded. */
export async function cvFileProblem(file: File): Promise<string | null> {
  const rule = uploadRules.cv;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return signatures.some((sig) => sig.every((b, i) => head[i] === b)) ? null : rule.wrongType;
}
