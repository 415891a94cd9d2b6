/**
 * What the server and its CV text reader (cv-text-worker.ts, a child process started by cv-text-process.ts) say to
 * each other over IPC (advanced serialisation): the child says `CV_TEXT_READY` once loaded, then receives one
 * `CvTextRequest` and answers one `CvTextReply`.
 */

/** The child's first message: it is loaded and reads the document it is sent next. */
export const CV_TEXT_READY = 'ready';

export type CvTextRequest = {
  bytes: Uint8Array;
  /** The type detected from the bytes at upload (files.content_type). */
  contentType: string;
  limits: {
    maxPdfPages: number;
    /** Largest image pdf.js will decode, in pixels (text extraction should never need one). */
    maxImagePixels: number;
    maxDocxEntries: number;
    maxDocxUnpackedBytes: number;
    maxTextChars: number;
    /** Resident memory of this process, in bytes, past which it ends itself (the parent also watches). */
    maxRssBytes: number;
  };
};

/**
 * `tooLarge`: the document is over a limit of its own (a DOCX that unpacks too far). Pages beyond the limit
 * are not a failure: only the first ones are read. A child that ends without a reply was over its time or
 * memory limit.
 */
export type CvTextReply = { text: string } | { failure: 'unreadable' } | { failure: 'tooLarge'; detail: string };
