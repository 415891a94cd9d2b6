/**
 * State of one profile medium (photo or intro video) while editing: the current URL, a local preview of a
 * chosen file, upload progress, and the choice sent on save (`choice`: undefined = unchanged, null =
 * removed, a file id = the uploaded file). The browser checks type and size first (src/shared/uploads.ts);
 * the server decides the type again from the bytes. Uploads through the app's one upload (src/web/lib/upload-file.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { uploadRules, type UploadPurpose } from '@shared/uploads';
import { uploadFailure, uploadFile, type UploadHandle } from './upload-file';

export type MediaUpload = {
  /** What to show: the local preview, else the stored URL; null when there is none. */
  previewUrl: string | null;
  /** Whole percent while uploading, else null. */
  percent: number | null;
  error: string;
  /** The saved medium's URL (null when none). */
  savedUrl: string | null;
  /** True when the shown medium differs from the saved one. */
  changed: boolean;
  choice: string | null | undefined;
  choose: (file: File) => void;
  /** Removes the saved medium (sent as null on save). */
  remove: () => void;
  /** Drops an unsaved choice (new file or removal) and shows the saved medium again. */
  reset: () => void;
};

export function useMediaUpload(purpose: UploadPurpose, savedUrl: string | null): MediaUpload {
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const pending = useRef<UploadHandle | null>(null);

  // A local preview lives until it is replaced or the editor closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => pending.current?.abort(), []);

  const choose = (file: File) => {
    const rule = uploadRules[purpose];
    pending.current?.abort();
    setError('');
    if (!rule.types.includes(file.type)) return setError(rule.wrongType);
    if (file.size > rule.maxBytes) return setError(rule.tooLarge);
    setPreview(URL.createObjectURL(file));
    setRemoved(false);
    setChoice(undefined);
    setPercent(0);
    const handle = uploadFile(purpose, file, setPercent);
    pending.current = handle;
    handle.done.then(
      (stored) => {
        if (pending.current !== handle) return;
        setChoice(stored.id);
        setPercent(null);
      },
      (err: unknown) => {
        if (pending.current !== handle) return;
        setPreview(null);
        setPercent(null);
        setError(uploadFailure(purpose, err).message);
      },
    );
  };

  const settle = (removing: boolean) => {
    pending.current?.abort();
    pending.current = null;
    setPreview(null);
    setPercent(null);
    setError('');
    setRemoved(removing);
    setChoice(removing ? null : undefined);
  };

  return {
    previewUrl: preview ?? (removed ? null : savedUrl),
    percent,
    error,
    savedUrl,
    changed: preview !== null || removed,
    choice,
    choose,
    remove: () => settle(true),
    reset: () => settle(false),
  };
}
