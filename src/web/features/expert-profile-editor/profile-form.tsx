import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type DefaultValues, type FieldError, type FieldErrors } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { messages } from '@shared/messages';
import { expertProfileInput, profileLimits, type ExpertProfileInput, type ExpertProfileUpdate, type MyExpertProfile } from '@shared/schemas/expert-profile';
import { cancellationPolicies } from '@shared/schemas/experts';
import { policyChangeNote, policyNames, policyTerms } from '@shared/sessions';
import { ExpertisePicker } from '../../components/expertise-picker';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormError, Input, Label, Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { PhotoField, VideoField } from '../../components/media-fields';
import { useSaveExpertProfile } from './api/save-expert-profile';
import { TagInput } from './tag-input';
import { useMediaUpload } from '../../lib/use-media-upload';

const fieldOrder = ['headline', 'about', 'experience', 'expertise', 'courses', 'languages', 'hobbies', 'hourlyRate', 'cancellationPolicy'] as const;
type FieldName = (typeof fieldOrder)[number];

/** The first message of a field's error, also for list fields whose error is on one item. */
function messageOf(err: FieldError | FieldErrors | undefined): string | undefined {
  if (!err) return undefined;
  if (typeof err.message === 'string') return err.message;
  return Object.values(err as Record<string, FieldError | undefined>)
    .map((e) => (typeof e?.message === 'string' ? e.message : undefined))
    .find(Boolean);
}

/** The form's starting values; the rate field starts empty on a draft that has no rate yet. */
function toValues(p: MyExpertProfile): DefaultValues<ExpertProfileInput> {
  const { headline, about, experience, courses, languages, hobbies, expertise, cancellationPolicy } = p;
  const hourlyRate = p.hourlyRateCents === null ? undefined : p.hourlyRateCents / 100;
  return { headline, about, experience, courses, languages, hobbies, expertise, cancellationPolicy, hourlyRate };
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** ARIA of a control in `Field`. */
const aria = (id: string, error: string | undefined, hint?: boolean) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/**
 * The editor (docs/product.md "Expert profiles"): photo and intro video (uploaded at once with progress, saved with the form),
 * headline, about, experience, expertise, courses, languages, hobbies, hourly rate in dollars and the
 * cancellation policy. The shared zod schema checks everything before sending; the server checks again and
 * its 400 message is shown. Nothing changes until 'Save changes' succeeds.
 */
export function ProfileForm({ profile }: { profile: MyExpertProfile }) {
  const photo = useMediaUpload('photo', profile.imageUrl);
  const video = useMediaUpload('video', profile.introVideoUrl);
  const save = useSaveExpertProfile();
  const [failure, setFailure] = useState('');
  const { register, control, handleSubmit, formState } = useForm<ExpertProfileInput, unknown, ExpertProfileUpdate>({
    resolver: zodResolver(expertProfileInput),
    defaultValues: toValues(profile),
  });
  const error = (name: FieldName) => messageOf(formState.errors[name] as FieldError | undefined);
  const summary = fieldOrder.map(error).find(Boolean);
  const uploading = photo.percent !== null || video.percent !== null;

  // mutateAsync: the editor remounts with the saved profile, so per-call callbacks could be dropped.
  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await save.mutateAsync({ ...values, photoFileId: photo.choice, videoFileId: video.choice });
      toast.success(messages.profile.saved);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : messages.auth.saveProfileFailed);
    }
  });

  const list = (name: 'courses' | 'languages' | 'hobbies', label: string, item: string, placeholder: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TagInput
          id={`profile-${name}`}
          label={label}
          item={item}
          value={field.value}
          onChange={field.onChange}
          maxItems={profileLimits[name].items}
          maxLength={profileLimits[name].length}
          placeholder={placeholder}
          error={error(name)}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6 pb-4">
      <Card>
        <CardHeader>
          <CardTitle>Photo and intro video</CardTitle>
          <p className="text-sm text-slate-700">
            Your photo appears on your profile and in search results. Your intro video plays in 'Hear from Our Experts' on the home page.
          </p>
        </CardHeader>
        <CardContent className="grid gap-8 lg:grid-cols-2">
          <PhotoField media={photo} name={profile.name} />
          <VideoField media={video} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>About you</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <Field id="profile-headline" label="Headline" hint="Your role or title, e.g. Senior Product Manager" error={error('headline')}>
            <Input {...aria('profile-headline', error('headline'), true)} maxLength={profileLimits.headline} {...register('headline')} />
          </Field>
          <Field id="profile-about" label="About" hint="Who you help and how a session with you works" error={error('about')}>
            <Textarea {...aria('profile-about', error('about'), true)} rows={6} maxLength={profileLimits.about} {...register('about')} />
          </Field>
          <Field id="profile-experience" label="Experience (optional)" error={error('experience')}>
            <Textarea {...aria('profile-experience', error('experience'))} rows={4} maxLength={profileLimits.experience} {...register('experience')} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Expertise</CardTitle>
          <p className="text-sm text-slate-700">Choose up to 3 areas from the catalogue or add your own. Clients search by these.</p>
        </CardHeader>
        <CardContent>
          <Controller
            control={control}
            name="expertise"
            render={({ field }) => <ExpertisePicker value={field.value} onChange={field.onChange} error={error('expertise')} />}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Background</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="md:col-span-2">{list('courses', 'Courses and qualifications', 'course', 'e.g. MBA, University of British Columbia')}</div>
          {list('languages', 'Languages', 'language', 'e.g. Spanish')}
          {list('hobbies', 'Hobbies', 'hobby', 'e.g. Trail running')}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Rate and cancellation</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <Field
            id="profile-rate"
            label="Hourly rate (USD)"
            hint="Between $10 and $1000 per hour. Shorter sessions are priced pro rata."
            error={error('hourlyRate')}
          >
            <div className="relative max-w-48">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-600" aria-hidden>
                $
              </span>
              <Input
                {...aria('profile-rate', error('hourlyRate'), true)}
                type="number"
                inputMode="decimal"
                min={profileLimits.minRate}
                max={profileLimits.maxRate}
                step="0.01"
                className="pl-7"
                {...register('hourlyRate', { valueAsNumber: true })}
              />
            </div>
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Cancellation policy</legend>
            <p id="policy-note" className="mb-2 mt-0.5 text-sm text-slate-600">
              {policyChangeNote}
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              {cancellationPolicies.map((policy) => (
                <label
                  key={policy}
                  className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 bg-white p-4 text-sm transition hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    value={policy}
                    aria-describedby="policy-note"
                    className="mt-0.5 h-4 w-4 accent-brand-600"
                    {...register('cancellationPolicy')}
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{policyNames[policy]}</span>
                    <span className="text-slate-700">{policyTerms[policy].summary}</span>
                  </span>
                </label>
              ))}
            </div>
            {error('cancellationPolicy') ? <p className="mt-1.5 text-sm text-red-700">{error('cancellationPolicy')}</p> : null}
          </fieldset>
        </CardContent>
      </Card>

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <FormError className="sm:flex-1">{failure || summary}</FormError>
          <Button type="submit" disabled={save.isPending || uploading} className="sm:ml-auto">
            {save.isPending ? 'Saving…' : uploading ? 'Uploading…' : 'Save changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
