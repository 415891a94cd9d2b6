import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { uploadMessages, uploadRules } from '../../src/shared/uploads';
import { ApiError } from '../../src/web/lib/api';
import { uploadFailure } from '../../src/web/lib/upload-file';

describe('a failed upload in the product\'s words (docs/product.md "Uploads")', () => {
  it('says why the server refused the file, for a CV, a photo or a video alike', () => {
    for (const purpose of ['cv', 'photo', 'video'] as const) {
      const refusal = new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', uploadRules[purpose].wrongType);
      expect(uploadFailure(purpose, refusal)).toEqual({ message: uploadRules[purpose].wrongType, refused: true });
    }
    expect(uploadFailure('cv', new ApiError(429, 'RATE_LIMITED', uploadMessages.quotaReached))).toEqual({
      message: uploadMessages.quotaReached,
      refused: true,
    });
  });

  it('tells a network or storage failure apart from a refusal, so the file can be sent again', () => {
    expect(uploadFailure('cv', new ApiError(0, 'NETWORK', 'Network error'))).toEqual({ message: uploadMessages.cvUploadFailed, refused: false });
    expect(uploadFailure('cv', new ApiError(503, 'STORAGE', 'down'))).toEqual({ message: uploadMessages.cvStorageFailed, refused: false });
    expect(uploadFailure('photo', new ApiError(500, 'INTERNAL', 'boom'))).toEqual({ message: messages.profile.uploadFailed, refused: false });
    expect(uploadFailure('video', new Error('anything'))).toEqual({ message: messages.profile.uploadFailed, refused: false });
  });
});
