import type { WizardDraft } from '@shared/application-rules';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';

/** Step 4 (docs/product.md "Expert applications"): why the person wants to mentor; required, not blank. */
export function StepMotivation({ draft, update }: { draft: WizardDraft; update: (patch: Partial<WizardDraft>) => void }) {
  return (
    <FormField
      id="why-expert"
      label="Why do you want to become an expert?"
      required
      hint="What would you like to help people with, and what makes you the right person? A few sentences are enough."
    >
      {(aria) => <Textarea {...aria} rows={7} maxLength={5000} value={draft.whyExpert} onChange={(e) => update({ whyExpert: e.target.value })} />}
    </FormField>
  );
}
