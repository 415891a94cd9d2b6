/**
 * StorageDriver on S3-compatible object storage, switched on by S3_BUCKET. Objects are written
 * private (no public ACL): CVs are read only through the authorised route `GET /api/files/:id`, and photos
 * and videos are served publicly by the same route, so no bucket policy has to be public.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { STORAGE_KEY, type ByteRange, type StorageDriver } from './driver.js';

type Sdk = typeof import('@aws-sdk/client-s3');

/** The first `length` bytes of `source`, which is destroyed once they are read (or when the result is). */
function firstBytes(source: Readable, length: number): Readable {
  return Readable.from(
    (async function* () {
      let left = length;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (chunk.length >= left) {
          yield chunk.subarray(0, left);
          return;
        }
        left -= chunk.length;
        yield chunk;
      }
    })(),
  );
}

export class S3Storage implements StorageDriver {
  private readonly s3: NonNullable<Config['s3']>;
  private readonly bucket: string;
  /** The SDK and client, loaded on first use: the SDK is large and a server without S3 never needs it. */
  private loaded?: Promise<{ sdk: Sdk; client: S3Client }>;

  /** `stagingDir`: a local folder for uploads being received (they are sent to the bucket once complete). */
  constructor(
    s3: NonNullable<Config['s3']>,
    readonly stagingDir: string,
  ) {
    this.s3 = s3;
    this.bucket = s3.bucket;
  }

  private load() {
    const s3 = this.s3;
    return (this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      // Checksums only where S3 requires them: a streamed upload would otherwise be sent `aws-chunked` with a
      // trailing checksum, which several S3-compatible servers store as the object's bytes.
      client: new sdk.S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: s3.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
    })));
  }

  private checked(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  }

  async putFile(key: string, file: string, contentType: string, size: number): Promise<void> {
    const { sdk, client } = await this.load();
    // Streamed from the staging file with its length known, so the SDK never buffers the object.
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Body: createReadStream(file), ContentType: contentType, ContentLength: size }),
    );
    await rm(file, { force: true });
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client } = await this.load();
    const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
    if (!out.Body) throw new Error('empty object');
    return Buffer.from(await out.Body.transformToByteArray());
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const { sdk, client } = await this.load();
    const out = await client.send(
      new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    if (!out.Body) throw new Error('empty object');
    // In Node.js the SDK's body is the HTTP response stream itself (an IncomingMessage).
    const body = out.Body as Readable;
    if (!range) return body;
    // Some S3-compatible servers answer more than was asked (s3rver: the whole object for `bytes=0-0`). The
    // answer must be exactly the range: one that starts elsewhere is refused, a longer one is cut.
    if (!out.ContentRange?.startsWith(`bytes ${range.start}-`)) {
      body.destroy();
      throw new Error(`storage answered ${out.ContentRange ?? 'no range'} for bytes ${range.start}-${range.end}`);
    }
    const length = range.end - range.start + 1;
    return (out.ContentLength ?? 0) > length ? firstBytes(body, length) : body;
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }
}
