import { useState } from 'react';
import { messages } from '@shared/messages';
import { LogoField } from './media-fields';
import { Card } from './ui/card';
import { FormError } from './ui/input';
import { SaveRow } from './ui/save-row';
import { ApiError } from '../lib/api';
import { useMediaUpload } from '../lib/use-media-upload';

/**
 * An organisation's logo on /partner/{id} and on its console page (docs/product.md "Partners"): upload (type and
 * size checked in the browser, and again by content on the server), then `save` shows it (a file id) or removes it
 * (null) through the manager's or the team's endpoint.
 */
export function LogoSettings({
  name,
  logoUrl,
  save,
  pending,
}: {
  name: string;
  logoUrl: string | null;
  save: (fileId: string | null) => Promise<unknown>;
  pending: boolean;
}) {
  const media = useMediaUpload('logo', logoUrl);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function submit() {
    if (media.choice === undefined) return;
    setError(null);
    try {
      await save(media.choice);
      setStatus(media.choice === null ? 'Logo removed.' : 'Logo saved.');
      media.reset();
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 500 ? err.message : messages.profile.uploadFailed);
    }
  }

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <LogoField media={media} name={name} unsavedNote="Not saved yet. Press Save logo to show it." />
      <FormError>{error}</FormError>
      <SaveRow
        label="Save logo"
        pending={pending}
        disabled={!(media.changed && media.choice !== undefined)}
        saved={status && !media.changed ? status : null}
        onClick={() => void submit()}
      />
    </Card>
  );
}
