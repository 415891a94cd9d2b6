import { CircleCheck, FileText, RotateCcw, Sparkles, Upload } from 'lucide-react';
import { uploadRules } from '@shared/uploads';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { CvState } from './use-cv-upload';

const sizeLabel = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/**
 * Step 2 (docs/product.md "Expert applications"): choose a CV (PDF, DOC or DOCX, at most 5MB). It uploads at once with a progress bar,
 * then the CV is analysed to suggest areas of expertise.
 */
export function StepCv({
  cv,
  error,
  analyzing,
  onChoose,
  onRetry,
}: {
  cv: CvState | null;
  error?: string;
  analyzing: boolean;
  onChoose: (file: File) => void;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-4">
      <label
        htmlFor="cv-file"
        className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center hover:border-brand-500 hover:bg-brand-50 focus-within:border-brand-600"
      >
        <Upload className="h-8 w-8 text-brand-600" aria-hidden />
        <span className="font-semibold text-slate-900">{cv ? 'Choose a different file' : 'Choose your CV'}</span>
        <span className="text-sm text-slate-600">PDF, DOC or DOCX, up to 5MB</span>
        <input
          id="cv-file"
          type="file"
          accept={uploadRules.cv.accept}
          className="sr-only"
          aria-describedby={error ? 'cv-file-error' : undefined}
          aria-invalid={Boolean(error)}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChoose(file);
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p id="cv-file-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {cv ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-start gap-3">
            <FileText className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{cv.name}</p>
              <p className="text-sm text-slate-600">{sizeLabel(cv.sizeBytes)}</p>
            </div>
            {cv.status === 'uploaded' ? <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-label="Uploaded" /> : null}
          </div>
          {cv.status === 'uploading' ? (
            <div className="mt-3">
              <div
                role="progressbar"
                aria-label="CV upload"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={cv.progress}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${cv.progress}%` }} />
              </div>
              <p className="mt-1.5 text-sm text-slate-600">Uploading… {cv.progress}%</p>
            </div>
          ) : null}
          {cv.status === 'failed' ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-amber-800">
              <p>The upload did not finish. We will try again when you submit.</p>
              <Button size="sm" variant="outline" onClick={onRetry}>
                <RotateCcw className="h-4 w-4" aria-hidden /> Retry now
              </Button>
            </div>
          ) : null}
          {analyzing ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner className="h-4 w-4" label="Analyzing" /> Analyzing your CV for areas of expertise…
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        We read your CV to suggest areas of expertise. It stays private: only you and the Mentora team can open it.
      </p>
    </div>
  );
}
