import { Building2, ImageUp, Trash2, Undo2, UserRound, Video } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { uploadRules } from '@shared/uploads';
import { Button } from './ui/button';
import { FormError } from './ui/input';
import type { MediaUpload } from '../lib/use-media-upload';

/** What a chosen, unsaved medium says in the expert profile editor. */
const profileUnsaved = 'Not saved yet. Save changes to update your public profile.';

type Medium = 'photo' | 'video' | 'logo';

const limits: Record<Medium, string> = {
  photo: 'JPEG, PNG or WebP, up to 2 MB. A square photo of your face works best.',
  video: 'MP4 or WebM, up to 50 MB. A short portrait clip (under a minute) introducing yourself.',
  logo: 'JPEG, PNG or WebP, up to 1 MB. A wide logo on a light or clear background works best.',
};

/**
 * Choose / replace / remove buttons for one medium with its hidden file input, the upload progress bar and
 * the error. `preview` renders the photo or video itself.
 */
function MediaField({
  purpose,
  label,
  media,
  preview,
  unsavedNote = profileUnsaved,
}: {
  purpose: Medium;
  label: string;
  media: MediaUpload;
  preview: ReactNode;
  unsavedNote?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = media.percent !== null;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {preview}
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <h3 id={`${id}-label`} className="text-sm font-semibold text-slate-900">
            {label}
          </h3>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
            {limits[purpose]}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          name={purpose}
          accept={uploadRules[purpose].accept}
          className="hidden"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) media.choose(file);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
            <ImageUp className="h-4 w-4" aria-hidden />
            {media.previewUrl ? `Change ${purpose}` : `Upload ${purpose}`}
          </Button>
          {media.changed ? (
            <Button variant="ghost" size="sm" onClick={media.reset}>
              <Undo2 className="h-4 w-4" aria-hidden />
              {media.savedUrl ? `Keep current ${purpose}` : `Discard ${purpose}`}
            </Button>
          ) : media.savedUrl ? (
            <Button variant="ghost" size="sm" onClick={media.remove} className="text-red-700 hover:bg-red-50">
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove {purpose}
            </Button>
          ) : null}
        </div>
        {uploading ? (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label={`Uploading ${purpose}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={media.percent ?? 0}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${media.percent}%` }} />
            </div>
            <p className="text-xs text-slate-600" aria-hidden>
              Uploading… {media.percent}%
            </p>
          </div>
        ) : media.changed ? (
          <p className="text-sm text-amber-800">{unsavedNote}</p>
        ) : null}
        <FormError>{media.error}</FormError>
      </div>
    </div>
  );
}

/** Profile photo with a round preview (the chosen file before it is saved); `unsavedNote` says how to save it. */
export function PhotoField({ media, name, unsavedNote }: { media: MediaUpload; name: string; unsavedNote?: string }) {
  return (
    <MediaField
      purpose="photo"
      label="Profile photo"
      media={media}
      unsavedNote={unsavedNote}
      preview={
        media.previewUrl ? (
          <img
            src={media.previewUrl}
            alt={`Preview of ${name}`}
            className="h-28 w-28 shrink-0 rounded-full bg-brand-50 object-cover ring-4 ring-white shadow"
          />
        ) : (
          <span className="flex h-28 w-28 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400 ring-4 ring-white shadow">
            <UserRound className="h-12 w-12" aria-hidden />
            <span className="sr-only">No photo</span>
          </span>
        )
      }
    />
  );
}

/** A partner organisation's logo with a wide preview (docs/product.md "Partners"); `unsavedNote` says how to save it. */
export function LogoField({ media, name, unsavedNote }: { media: MediaUpload; name: string; unsavedNote: string }) {
  return (
    <MediaField
      purpose="logo"
      label="Logo"
      media={media}
      unsavedNote={unsavedNote}
      preview={
        media.previewUrl ? (
          <img
            src={media.previewUrl}
            alt={`Logo of ${name}`}
            width={144}
            height={48}
            className="h-12 w-36 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200"
          />
        ) : (
          <span className="flex h-12 w-36 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400">
            <Building2 className="h-6 w-6" aria-hidden />
            <span className="sr-only">No logo</span>
          </span>
        )
      }
    />
  );
}

/**
 * Intro video with a small portrait player, shown in the landing page's 'Hear from Our Experts' once saved.
 * `#t=2` shows a frame from two seconds in rather than the (often blank) first one.
 */
export function VideoField({ media }: { media: MediaUpload }) {
  return (
    <MediaField
      purpose="video"
      label="Intro video"
      media={media}
      preview={
        media.previewUrl ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- the expert's own clip, just chosen: Mentora has no caption upload yet
          <video
            src={`${media.previewUrl}#t=2`}
            controls
            playsInline
            preload="metadata"
            aria-label="Intro video preview"
            className="aspect-[9/16] w-28 shrink-0 rounded-xl bg-slate-900 object-cover shadow"
          />
        ) : (
          <span className="flex aspect-[9/16] w-28 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400 shadow-inner">
            <Video className="h-10 w-10" aria-hidden />
            <span className="sr-only">No intro video</span>
          </span>
        )
      }
    />
  );
}
