import { expertiseCatalogue } from '@shared/constants';
import { Label, Select } from '../../components/ui/input';

/** A labelled choice of one topic of the expertise catalogue; `none` names the empty choice ('All topics', 'Choose a topic'). */
export function TopicSelect({ id, value, none, onChange }: { id: string; value: string; none: string; onChange: (topic: string) => void }) {
  return (
    <div>
      <Label htmlFor={id}>Topic</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {expertiseCatalogue.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
    </div>
  );
}
