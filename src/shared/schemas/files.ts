/** Contracts of the file endpoints (docs/product.md "Uploads"). */
import { z } from 'zod';
import { uploadPurposes } from '../uploads.js';

/** A stored file as the API shows it; `url` is the authorised download route `/api/files/{id}`. */
export const fileInfo = z.object({
  id: z.string(),
  purpose: z.enum(uploadPurposes),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  url: z.string(),
});
export type FileInfo = z.infer<typeof fileInfo>;
