/**
 * Uploads one file to POST /api/files?purpose=… with XMLHttpRequest, so the page can show progress
 * (fetch cannot report upload progress). Resolves with the stored file; rejects with ApiError carrying the
 * server's message (413 too large, 415 wrong type by content) or a network error.
 */
import type { FileInfo } from '@shared/schemas/files';
import type { UploadPurpose } from '@shared/uploads';
import { messages } from '@shared/messages';
import { ApiError } from '../../lib/api';

export type UploadHandle = { done: Promise<FileInfo>; abort: () => void };

/** `onProgress` receives whole percents 0–100 of the bytes sent. */
export function uploadFile(purpose: UploadPurpose, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileInfo>((resolve, reject) => {
    xhr.open('POST', `/api/files?purpose=${purpose}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { file?: FileInfo; error?: { code?: string; message?: string } } | null;
      if (xhr.status === 201 && body?.file) resolve(body.file);
      else reject(new ApiError(xhr.status, body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? messages.profile.uploadFailed));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', messages.profile.uploadFailed));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', messages.profile.uploadFailed));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
