/**
 * The CV of the wizard (docs/product.md "Expert applications"): checks a chosen file, uploads it with progress,
 * then asks the server for expertise suggestions and merges them (only new catalogue areas, at most 3 in
 * all) with the product's toasts. A failed upload (network or storage) keeps the file chosen so the
 * application can still be sent; `ensureUploaded` tries once more at submit. A CV restored from the kept draft
 * (wizard-draft-store.ts) is checked to be still stored (HEAD /api/files/{id}); one the server no longer has is
 * dropped with 'Your CV is no longer stored. Please choose it again.'
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { mergeSuggestions } from '@shared/application-rules';
import { expertiseCatalogue } from '@shared/constants';
import { messages } from '@shared/messages';
import type { FileInfo } from '@shared/schemas/files';
import { uploadMessages } from '@shared/uploads';
import { uploadFailure, uploadFile } from '../../../lib/upload-file';
import { isFileStored } from '../api/get-file-stored';
import { suggestExpertise } from '../api/suggest-expertise';
import { cvFileProblem } from './cv-file';

/** `file` is the chosen file (absent for a CV restored from the kept draft, which is `info` alone). */
export type CvState = { name: string; sizeBytes: number; file?: File; status: 'uploading' | 'uploaded' | 'failed'; progress: number; info?: FileInfo };

const restoredState = (info: FileInfo): CvState => ({ name: info.name, sizeBytes: info.sizeBytes, status: 'uploaded', progress: 100, info });
const chosen = (file: File) => ({ name: file.name, sizeBytes: file.size, file });

const m = messages.application;

/**
 * `getSelected` reads the areas chosen now; `setSelected` replaces them after a merge. `restored` is the kept
 * draft's uploaded CV and the areas it suggested; `onRestoredGone` runs when that CV is no longer stored.
 */
export function useCvUpload(
  getSelected: () => string[],
  setSelected: (areas: string[]) => void,
  restored: { cv: FileInfo | null; suggested: string[] } | null,
  onRestoredGone: () => void,
) {
  const [cv, setCv] = useState<CvState | null>(() => (restored?.cv ? restoredState(restored.cv) : null));
  const [error, setError] = useState<string>();
  const [analyzing, setAnalyzing] = useState(false);
  const [suggested, setSuggested] = useState<string[]>(restored?.suggested ?? []);
  const current = useRef<File | null>(null);

  // A restored CV may have been deleted meanwhile (never attached for a day: docs/product.md "Uploads").
  const restoredUrl = restored?.cv?.url;
  const goneRef = useRef(onRestoredGone);
  useEffect(() => {
    goneRef.current = onRestoredGone;
  });
  useEffect(() => {
    if (!restoredUrl) return;
    let live = true;
    void isFileStored(restoredUrl).then((stored) => {
      if (!live || stored !== false) return;
      setCv((c) => (c?.info?.url === restoredUrl ? null : c));
      setError(m.cvNoLongerStored);
      toast.error(m.cvNoLongerStored);
      goneRef.current();
    });
    return () => {
      live = false;
    };
  }, [restoredUrl]);

  async function analyze(fileId: string) {
    setAnalyzing(true);
    try {
      const res = await suggestExpertise(fileId, getSelected());
      const { selected, added } = mergeSuggestions(getSelected(), res.suggested_expertise, expertiseCatalogue);
      setSuggested(res.matched_expertise);
      if (added.length) {
        setSelected(selected);
        toast.success(m.suggested(added.length));
      } else {
        toast.info(res.matched_expertise.length ? m.noNewSuggestions : m.noSuggestions);
      }
    } catch (err) {
      toast.error(m.analysisFailed(err instanceof Error ? err.message : 'Unknown error'));
    } finally {
      setAnalyzing(false);
    }
  }

  /** Uploads `file`; resolves with the stored file, or null when it failed (after telling the person). */
  async function upload(file: File): Promise<FileInfo | null> {
    current.current = file;
    setCv({ ...chosen(file), status: 'uploading', progress: 0 });
    try {
      const info = await uploadFile('cv', file, (progress) => setCv((c) => (c && c.file === file && c.status === 'uploading' ? { ...c, progress } : c))).done;
      if (current.current !== file) return null;
      setCv({ ...chosen(file), status: 'uploaded', progress: 100, info });
      toast.success(uploadMessages.cvUploaded);
      return info;
    } catch (err) {
      if (current.current !== file) return null;
      const failure = uploadFailure('cv', err);
      toast.error(failure.message);
      if (failure.refused) {
        setCv(null);
        setError(failure.message);
      } else {
        setCv({ ...chosen(file), status: 'failed', progress: 0 });
      }
      return null;
    }
  }

  async function choose(file: File) {
    setError(undefined);
    const problem = await cvFileProblem(file);
    if (problem) {
      toast.error(problem);
      setError(problem);
      return;
    }
    const info = await upload(file);
    if (info) await analyze(info.id);
  }

  async function retry() {
    if (cv?.status !== 'failed' || !cv.file) return;
    const info = await upload(cv.file);
    if (info) await analyze(info.id);
  }

  /**
   * At submit: the id of the uploaded CV, uploading once more if the first attempt failed. Null (with
   * 'CV upload failed, but your application will still be submitted') when it fails again.
   */
  async function ensureUploaded(): Promise<string | undefined> {
    if (!cv) return undefined;
    if (cv.info) return cv.info.id;
    const info = cv.file ? await upload(cv.file) : null;
    if (info) return info.id;
    toast.warning(m.cvUploadFailedContinuing);
    return undefined;
  }

  return { cv, error, analyzing, suggested, choose, retry, ensureUploaded };
}
