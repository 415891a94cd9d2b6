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
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** Adler-32 (RFC 1950) of `data` repeated `times` times, joining the parts' sums as zlib's adler32_combine. */
function adler32Repeated(data: Buffer, times: number): number {
  const mod = 65521;
  let a1 = 1;
  let b1 = 0;
  for (const byte of data) {
    a1 = (a1 + byte) % mod;
    b1 = (b1 + a1) % mod;
  }
  const len = data.length % mod;
  let a = 1;
  let b = 0;
  for (let i = 0; i < times; i++) {
    b = (b + b1 + len * ((a - 1 + mod) % mod)) % mod;
    a = (a + a1 - 1 + mod) % mod;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * zlib data that inflates to `pattern` repeated over `mib` MiB (its length must divide 1 MiB), about 1 KB
 * per MiB: one fully flushed deflate block of 1 MiB repeated (each starts afresh, byte-aligned), then an
 * empty final block and the checksum.
 */
export function zlibBomb(pattern: string, mib: number): Buffer {
  const chunk = Buffer.alloc(1024 * 1024, pattern);
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32Repeated(chunk, mib));
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
    stream('/Filter /FlateDecode', zlibBomb(' ', mib)),
    font,
  ]);
}

/** A PDF of `pages` pages: the first reads `firstPage`, the last `lastPage`, the others share a short stream. */
export function manyPagesPdf(pages: number, firstPage: string, lastPage: string): Buffer {
  // Page size and resources are inherited from the page tree, to fit many pages in the 5 MB a CV may have.
  const objects = [
    catalogue,
    Buffer.from(
      `<< /Type /Pages /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Kids [${Array.from({ length: pages }, (_, i) => `${i + 7} 0 R`).join(' ')}] /Count ${pages} >>`,
    ),
    font,
    stream('/Filter /FlateDecode', deflateSync(text(firstPage))),
    stream('/Filter /FlateDecode', deflateSync(text('Another page'))),
    stream('/Filter /FlateDecode', deflateSync(text(lastPage))),
  ];
  const contents = (i: number) => (i === 0 ? 4 : i === pages - 1 ? 6 : 5);
  for (let i = 0; i < pages; i++) objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /Contents ${contents(i)} 0 R >>`));
  return pdfFile(objects);
}

/**
 * A PDF of `pages` pages that all share one content stream of `mib` MiB of drawing operators: each page
 * costs seconds of work and little memory.
 */
export function slowPagesPdf(pages: number, mib: number): Buffer {
  return pdfFile([
    catalogue,
    Buffer.from(`<< /Type /Pages /MediaBox [0 0 612 792] /Kids [${Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ')}] /Count ${pages} >>`),
    stream('/Filter /FlateDecode', zlibBomb('1 0 0 1 0 0 cm\n', mib)),
    ...Array.from({ length: pages }, () => Buffer.from('<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>')),
  ]);
}
