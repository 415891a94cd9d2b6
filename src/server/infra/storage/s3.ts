/**
 * StorageDriver on S3-compatible object storage (issue 5 §4), switched on by S3_BUCKET. Objects are written
 * private (no public ACL): CVs are read only through the authorised route `GET /api/files/:id`, and photos
 * and videos are served publicly by the same route, so no bucket policy has to be public.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { STORAGE_KEY, type StorageDriver } from './driver.js';

export class S3Storage implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: NonNullable<Config['s3']>) {
    this.bucket = s3.bucket;
    this.client = new S3Client({ region: s3.region, endpoint: s3.endpoint, credentials: s3.credentials, forcePathStyle: s3.forcePathStyle });
  }

  private checked(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
    if (!out.Body) throw new Error('empty object');
    return Buffer.from(await out.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }
}
