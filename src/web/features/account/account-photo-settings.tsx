import { useState } from 'react';
import { messages } from '@shared/messages';
import type { Me } from '@shared/schemas/profile';
import { FormError } from '../../components/ui/input';
import { SaveRow } from '../../components/ui/save-row';
import { ApiError } from '../../lib/api';
import { PhotoField } from '../../components/media-fields';
import { useMediaUpload } from '../../lib/use-media-upload';
import { useSavePhoto } from './api/save-details';

/**
 * The account's photo on /account (docs/product.md "Account"): the same upload as the expert profile editor (type
 * and size checked in the browser and again, by content, on the server), then PUT /api/me/photo. For an expert it
 * is also the public profile photo.
 */
export function AccountPhotoSettings({ me }: { me: Me }) {
  const media = useMediaUpload('photo', me.profilePictureUrl);
  const save = useSavePhoto();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const ready = media.changed && media.choice !== undefined;

  async function submit() {
    if (media.choice === undefined) return;
    setError(null);
    try {
      await save.mutateAsync({ fileId: media.choice });
      setStatus(media.choice === null ? messages.account.photoRemoved : messages.account.photoSaved);
      media.reset();
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : messages.profile.uploadFailed);
    }
  }

  return (
    <section aria-labelledby="account-photo-title" className="space-y-4">
      <div>
        <h2 id="account-photo-title" className="text-lg font-semibold text-slate-900">
          Photo
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {me.role === 'expert' ? 'Your photo also shows on your expert profile.' : 'Only you and the Mentora team see your photo.'}
        </p>
      </div>
      <PhotoField media={media} name={me.fullName} unsavedNote="Not saved yet. Press Save photo to keep it." />
      <FormError>{error}</FormError>
      <SaveRow
        label="Save photo"
        pending={save.isPending}
        disabled={!ready}
        saved={status && !media.changed ? `${status}.` : null}
        onClick={() => void submit()}
      />
    </section>
  );
}
