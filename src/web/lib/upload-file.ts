/**
 * The one upload of the web app (docs/product.md "Uploads"): a CV from the application wizard, a photo or an
 * intro video from the profile editor, a message attachment from a conversation, an organisation's logo, each a multipart POST /api/files?purpose=… through XMLHttpRequest, whose
 * `upload.onprogress` reports bytes sent (fetch cannot). The browser checks type and size first
 * (src/shared/uploads.ts); the server decides the type again from the bytes.
 */
import { messages } from '@shared/messages';
import type { FileInfo } from '@shared/schemas/files';
import { uploadMessages, type UploadPurpose } from '@shared/uploads';
import { ApiError } from './api';

/** `done` resolves with the stored file; `abort` cancels (then `done` rejects with code ABORTED). */
export type UploadHandle = { done: Promise<FileInfo>; abort: () => void };

/**
 * Uploads `file` for `purpose`, calling `onProgress` with whole percents 0–100 of the bytes sent (100 once
 * stored). `done` rejects with ApiError: the server's status and message (400 empty, 413 too large, 415 wrong
 * type by content, 429 daily quota), or status 0 when the network failed.
 */
export function uploadFile(purpose: UploadPurpose, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileInfo>((resolve, reject) => {
    xhr.open('POST', `/api/files?purpose=${purpose}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { file?: FileInfo; error?: { code?: string; message?: string } } | null;
      if (xhr.status === 201 && body?.file) {
        onProgress(100);
        resolve(body.file);
      } else reject(new ApiError(xhr.status, body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** What a failed upload says when the server did not refuse the file itself: the network or the storage failed. */
const failedMessages: Record<UploadPurpose, { failed: string; storage: string }> = {
  cv: { failed: uploadMessages.cvUploadFailed, storage: uploadMessages.cvStorageFailed },
  photo: { failed: messages.profile.uploadFailed, storage: messages.profile.uploadFailed },
  video: { failed: messages.profile.uploadFailed, storage: messages.profile.uploadFailed },
  attachment: { failed: messages.profile.uploadFailed, storage: messages.profile.uploadFailed },
  logo: { failed: messages.profile.uploadFailed, storage: messages.profile.uploadFailed },
};

/**
 * Why an upload failed, in the product's words. `refused`: the server refused this file (a 4xx: type, size,
 * empty, quota) and says why, so sending it again would not help; otherwise the network or storage failed.
 */
export function uploadFailure(purpose: UploadPurpose, err: unknown): { message: string; refused: boolean } {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return { message: err.message, refused: true };
  const words = failedMessages[purpose];
  return { message: err instanceof ApiError && err.status >= 500 ? words.storage : words.failed, refused: false };
}
