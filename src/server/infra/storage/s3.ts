/**
 * StorageDriver on S3-compatible object storage (issue 5 §4), switched on by S3_BUCKET. Objects are written
 * private (no public ACL): CVs are read only through the authorised route `GET /api/files/:id`, and photos
 * and videos are served publicly by the same route, so no bucket policy has to be public.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { STORAGE_KEY, type StorageDriver } from './driver.js';

type Sdk = typeof import('@aws-sdk/client-s3');

export class S3Storage implements StorageDriver {
  private readonly s3: NonNullable<Config['s3']>;
  private readonly bucket: string;
  /** The SDK and client, loaded on first use: the SDK is large and a server without S3 never needs it (issue 2 §7). */
  private loaded?: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(s3: NonNullable<Config['s3']>) {
    this.s3 = s3;
    this.bucket = s3.bucket;
  }

  private load() {
    const s3 = this.s3;
    return (this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({ region: s3.region, endpoint: s3.endpoint, credentials: s3.credentials, forcePathStyle: s3.forcePathStyle }),
    })));
  }

  private checked(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client } = await this.load();
    const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
    if (!out.Body) throw new Error('empty object');
    return Buffer.from(await out.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }
}
