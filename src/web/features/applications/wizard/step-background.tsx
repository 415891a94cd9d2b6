import { useState } from 'react';
import { applicationRuleMessages, isOptionalUrl, yearsExperienceBands, type WizardDraft } from '@shared/application-rules';
import { FormField } from '../../../components/ui/form-field';
import { Input, Select } from '../../../components/ui/input';

type Props = { draft: WizardDraft; update: (patch: Partial<WizardDraft>) => void };

/** Step 1 (docs/product.md "Expert applications"): professional title and years of experience required; LinkedIn optional, a URL. */
export function StepBackground({ draft, update }: Props) {
  const [linkedinTouched, setLinkedinTouched] = useState(false);
  const linkedinError = linkedinTouched && !isOptionalUrl(draft.linkedinProfile) ? applicationRuleMessages.linkedinUrl : undefined;
  return (
    <div className="space-y-5">
      <FormField id="professional-title" label="Professional title" required hint="The role you are known for, e.g. Senior Product Manager.">
        {(aria) => (
          <Input
            {...aria}
            autoComplete="organization-title"
            maxLength={200}
            value={draft.professionalTitle}
            onChange={(e) => update({ professionalTitle: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="years-experience" label="Years of experience" required>
        {(aria) => (
          <Select {...aria} value={draft.yearsExperience} onChange={(e) => update({ yearsExperience: e.target.value })}>
            <option value="">Select years of experience</option>
            {yearsExperienceBands.map((band) => (
              <option key={band} value={band}>
                {band} years
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="linkedin-profile" label="LinkedIn profile" hint="The full address, starting with https://" error={linkedinError}>
        {(aria) => (
          <Input
            {...aria}
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/your-name"
            maxLength={500}
            value={draft.linkedinProfile}
            onChange={(e) => update({ linkedinProfile: e.target.value })}
            onBlur={() => setLinkedinTouched(true)}
          />
        )}
      </FormField>
    </div>
  );
}
