/**
 * Hostile PDFs for the CV analysis tests and bench/cv-bomb.mjs, built byte by byte: a decompression bomb
 * (a small file whose content stream inflates to hundreds of megabytes) and a document with a huge number
 * of pages.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/** A PDF file of `objects` (object n is objects[n - 1]); object 1 must be the catalogue. */
function pdfFile(objects: Buffer[]): Buffer {
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** Adler-32 of `n` bytes all equal to `byte` (RFC 1950), in closed form. */
function adler32OfRepeated(byte: number, n: number): number {
  const mod = 65521n;
  const N = BigInt(n);
  const c = BigInt(byte);
  const a = (1n + N * c) % mod;
  const b = (N + (c * N * (N + 1n)) / 2n) % mod;
  return Number((b << 16n) | a);
}

/**
 * zlib data that inflates to `mib` MiB of spaces, about 1 KB per MiB: one fully flushed deflate block of
 * 1 MiB repeated (each starts afresh, byte-aligned), then an empty final block and the checksum.
 */
export function spacesBomb(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32OfRepeated(0x20, mib * 1024 * 1024));
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(mib).fill(block), Buffer.from([0x03, 0x00]), checksum]);
}

const catalogue = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
const font = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
const text = (line: string) => Buffer.from(`BT /F1 12 Tf 72 712 Td (${line}) Tj ET\n`);

/** A one-page PDF whose content stream (FlateDecode) inflates to `mib` MiB; about 1 KB of file per MiB. */
export function pdfBomb(mib: number): Buffer {
  return pdfFile([
    catalogue,
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>'),
    stream('/Filter /FlateDecode', spacesBomb(mib)),
    font,
  ]);
}

/** A PDF of `pages` pages: the first reads `firstPage`, the last `lastPage`, the others share a short stream. */
export function manyPagesPdf(pages: number, firstPage: string, lastPage: string): Buffer {
  // Page size and resources are inherited from the page tree, to fit many pages in the 5 MB a CV may have.
  const objects = [
    catalogue,
    Buffer.from(`<< /Type /Pages /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Kids [${Array.from({ length: pages }, (_, i) => `${i + 7} 0 R`).join(' ')}] /Count ${pages} >>`),
    font,
    stream('/Filter /FlateDecode', deflateSync(text(firstPage))),
    stream('/Filter /FlateDecode', deflateSync(text('Another page'))),
    stream('/Filter /FlateDecode', deflateSync(text(lastPage))),
  ];
  const contents = (i: number) => (i === 0 ? 4 : i === pages - 1 ? 6 : 5);
  for (let i = 0; i < pages; i++) objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /Contents ${contents(i)} 0 R >>`));
  return pdfFile(objects);
}
