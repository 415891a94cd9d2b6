/**
 * Zip-bomb guard for DOCX files (a DOCX is a zip). Before any library unpacks the document, every entry
 * is really inflated here with a hard output cap (node:zlib `maxOutputLength`), so neither a lying size
 * field nor a high compression ratio can make the server allocate more than `maxTotalBytes`.
 * Throws ZipLimitError beyond the limits and for archives it cannot vouch for (Zip64, encryption,
 * unknown compression, more than `maxEntries` entries).
 */
import { inflateRawSync } from 'node:zlib';

export class ZipLimitError extends Error {}

export type ZipLimits = { maxEntries: number; maxTotalBytes: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Offset of the end-of-central-directory record (searched backwards over the optional comment). */
function findEocd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new ZipLimitError('not a zip archive');
}

/**
 * Checks `buf` against `limits` by inflating each entry with a cap of what is still allowed.
 * Returns the total uncompressed size in bytes.
 */
export function assertZipWithinLimits(buf: Buffer, limits: ZipLimits): number {
  const eocd = findEocd(buf);
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || p === 0xffffffff) throw new ZipLimitError('Zip64 archives are not accepted');
  if (entries > limits.maxEntries) throw new ZipLimitError('too many entries');
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipLimitError('corrupt central directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1) throw new ZipLimitError('encrypted archives are not accepted');
    if (compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) throw new ZipLimitError('Zip64 archives are not accepted');
    const room = limits.maxTotalBytes - total;
    if (declared > room) throw new ZipLimitError('archive expands beyond the limit');
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new ZipLimitError('corrupt local header');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    if (method === 0) {
      total += data.length;
    } else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(room, 1) }).length;
      } catch (err) {
        if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipLimitError('archive expands beyond the limit');
        throw new ZipLimitError('corrupt compressed data');
      }
    } else {
      throw new ZipLimitError('unsupported compression');
    }
    if (total > limits.maxTotalBytes) throw new ZipLimitError('archive expands beyond the limit');
  }
  return total;
}
