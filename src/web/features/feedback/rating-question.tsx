import { cn } from '../../lib/cn';

/** One rating question as a radio group: a fieldset whose legend is the question, options as pills. */
export function RatingQuestion({
  name,
  label,
  options,
  value,
  onChange,
  invalid,
  number,
}: {
  name: string;
  label: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
  invalid: boolean;
  number: number;
}) {
  return (
    <fieldset className={cn('rounded-xl border p-4 sm:p-5', invalid ? 'border-red-300 bg-red-50/40' : 'border-slate-200')}>
      <legend className="float-left w-full font-semibold text-slate-900">
        <span className="mr-2 text-brand-700">{number}.</span>
        {label}
      </legend>
      <div className="clear-both flex flex-wrap gap-2 pt-3">
        {options.map((option) => (
          <label
            key={option}
            className="relative cursor-pointer rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 transition-colors hover:border-brand-400 has-[input:checked]:border-brand-600 has-[input:checked]:bg-brand-600 has-[input:checked]:text-white has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
