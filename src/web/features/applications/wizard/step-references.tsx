import { useState } from 'react';
import { applicationRuleMessages, isOptionalEmail, type WizardDraft } from '@shared/application-rules';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** Step 5 (docs/product.md "Expert applications"): an optional professional reference; the e-mail, when given, must be an e-mail address. */
export function StepReferences({ draft, update }: { draft: WizardDraft; update: (patch: Partial<WizardDraft>) => void }) {
  const [emailTouched, setEmailTouched] = useState(false);
  const emailError = emailTouched && !isOptionalEmail(draft.referenceEmail) ? applicationRuleMessages.referenceEmail : undefined;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">A reference helps us review your application faster. We only contact them with your permission.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="reference-name" label="Reference name">
          {(aria) => (
            <Input {...aria} autoComplete="off" maxLength={200} value={draft.referenceName} onChange={(e) => update({ referenceName: e.target.value })} />
          )}
        </FormField>
        <FormField id="reference-position" label="Reference position">
          {(aria) => (
            <Input
              {...aria}
              autoComplete="off"
              maxLength={200}
              placeholder="e.g. Engineering Director"
              value={draft.referencePosition}
              onChange={(e) => update({ referencePosition: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormField id="reference-email" label="Reference email" error={emailError}>
        {(aria) => (
          <Input
            {...aria}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={draft.referenceEmail}
            onChange={(e) => update({ referenceEmail: e.target.value })}
            onBlur={() => setEmailTouched(true)}
          />
        )}
      </FormField>
    </div>
  );
}
