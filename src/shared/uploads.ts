/**
 * What each kind of upload accepts (docs/product.md "Uploads", "Expert applications").
 * Types are decided from the file's bytes on the server, never from its name; the browser checks the same
 * limits first so a person hears at once. Sizes in bytes.
 */
export const uploadPurposes = ['cv', 'photo', 'video', 'attachment', 'logo'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export type UploadRule = {
  /** Largest accepted size in bytes (inclusive). */
  maxBytes: number;
  /** MIME types accepted, as detected from the content. */
  types: readonly string[];
  /** File-picker hint for the browser (`accept` attribute). */
  accept: string;
  wrongType: string;
  tooLarge: string;
};

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Legacy Word (.doc) is an OLE compound file; it is stored with Word's own MIME type. */
export const DOC_TYPE = 'application/msword';

/** The still images a person or an organisation shows of itself: typed from the bytes, never SVG (it can carry script). */
const pictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
const pictureAccept = pictureTypes.join(',');
const pictureWrongType = 'Please upload a JPEG, PNG or WebP image';

export const uploadRules: Record<UploadPurpose, UploadRule> = {
  cv: {
    maxBytes: 5_242_880,
    types: ['application/pdf', DOC_TYPE, DOCX_TYPE],
    accept: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    wrongType: 'Please upload a PDF or Word document',
    tooLarge: 'File size must be less than 5MB',
  },
  photo: {
    maxBytes: 2 * 1024 * 1024,
    types: pictureTypes,
    accept: pictureAccept,
    wrongType: pictureWrongType,
    tooLarge: 'Photo size must be less than 2MB',
  },
  video: {
    maxBytes: 50 * 1024 * 1024,
    types: ['video/mp4', 'video/webm'],
    accept: 'video/mp4,video/webm',
    wrongType: 'Please upload an MP4 or WebM video',
    tooLarge: 'Video size must be less than 50MB',
  },
  // A file sent with a message (docs/product.md "Messages"): read only by the conversation's two participants.
  attachment: {
    maxBytes: 10 * 1024 * 1024,
    types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    accept: '.pdf,application/pdf,image/jpeg,image/png,image/webp,image/gif',
    wrongType: 'Please attach a PDF or an image (JPEG, PNG, WebP or GIF)',
    tooLarge: 'An attachment can be at most 10 MB',
  },
  // A partner organisation's logo (docs/product.md "Partners"): public once an organisation shows it.
  logo: {
    maxBytes: 1024 * 1024,
    types: pictureTypes,
    accept: pictureAccept,
    wrongType: pictureWrongType,
    tooLarge: 'A logo can be at most 1 MB',
  },
};

/**
 * What one account may upload per UTC day (docs/security.md "Uploads"): enough for a CV, a few photos and
 * a few intro-video attempts, not for using Mentora as free file hosting. Every stored upload counts, also
 * one that is later replaced or deleted.
 */
export const uploadQuota = { filesPerDay: 20, bytesPerDay: 200 * 1024 * 1024 } as const;

export const uploadMessages = {
  empty: 'The file is empty',
  quotaReached: `You've reached today's upload limit (${uploadQuota.filesPerDay} files or ${uploadQuota.bytesPerDay / 2 ** 20} MB a day). Please try again tomorrow.`,
  cvUploaded: 'CV uploaded successfully!',
  cvUploadFailed: 'Failed to upload CV',
  cvStorageFailed: 'Failed to upload CV to storage',
} as const;

/**
 * Control characters (C0, DEL, C1) and the Unicode bidirectional controls (LRM/RLM, ALM, the embeddings and
 * overrides U+202A–U+202E, the isolates U+2066–U+2069): with U+202E "\u202Egnp.exe" displays as "exe.png"
 * (Unicode TR#9; docs/security.md "Uploads").
 */
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A harmless display name: the last path segment, control and bidirectional-control characters and path
 * separators removed, at most 255 characters (keeping the extension). Falls back to `fallback` when nothing
 * is left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARS, '').replace(/^\.+/, '').trim();
  if (!cleaned) return fallback;
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - ext.length) + ext;
}
