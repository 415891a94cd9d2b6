/**
 * CV upload with progress (docs/product.md "Uploads"): multipart POST /api/files?purpose=cv through XMLHttpRequest, whose
 * `upload.onprogress` reports bytes sent (fetch cannot). Resolves with the stored file; rejects with
 * ApiError carrying the server's message (415 type, 413 size) or status 0 for a network failure.
 */
import type { FileInfo } from '@shared/schemas/files';
import { ApiError } from '../../../lib/api';

/** Uploads `file`, calling `onProgress(0..100)` as bytes go out. */
export function uploadCv(file: File, onProgress: (percent: number) => void): Promise<FileInfo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.open('POST', '/api/files?purpose=cv');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const data = xhr.response as { file?: FileInfo; error?: { code: string; message: string } } | null;
      if (xhr.status === 201 && data?.file) {
        onProgress(100);
        resolve(data.file);
      } else {
        reject(new ApiError(xhr.status, data?.error?.code ?? 'HTTP_ERROR', data?.error?.message ?? xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.send(body);
  });
}
