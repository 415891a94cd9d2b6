import { CreditCard, Lock } from 'lucide-react';
import { cardBrand, type CardInput } from '@shared/cards';
import { Input, Label } from './ui/input';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

/** A card form before anything is typed. */
export const emptyCard: CardInput = { cardholderName: '', number: '', expiry: '', cvc: '' };

/**
 * The card form's four fields (docs/product.md "Payments"). The values live only in
 * the parent's React state: never logged, never written to storage.
 */
export function CardFields({
  card,
  onChange,
  disabled,
  invalid,
}: {
  card: CardInput;
  onChange: (card: CardInput) => void;
  disabled: boolean;
  invalid: boolean;
}) {
  const set = (patch: Partial<CardInput>) => onChange({ ...card, ...patch });
  const brand = card.number.replace(/\D/g, '').length >= 4 ? cardBrand(card.number) : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Label htmlFor="cardholder-name">Cardholder name</Label>
        <Input
          id="cardholder-name"
          autoComplete="cc-name"
          value={card.cardholderName}
          onChange={(e) => set({ cardholderName: e.target.value })}
          disabled={disabled}
          aria-invalid={invalid && !card.cardholderName.trim()}
          placeholder="Name as shown on the card"
        />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="card-number">Card number</Label>
        <div className="relative">
          <Input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.number}
            onChange={(e) => set({ number: formatCardNumber(e.target.value) })}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby="card-brand"
            placeholder="1234 1234 1234 1234"
            className="pr-28 font-mono tracking-wide"
          />
          <span id="card-brand" className="pointer-events-none absolute inset-y-0 right-3 flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <CreditCard className="h-4 w-4" aria-hidden />
            {brand ?? 'Card'}
          </span>
        </div>
      </div>
      <div>
        <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
        <Input
          id="card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={(e) => set({ expiry: formatExpiry(e.target.value) })}
          disabled={disabled}
          placeholder="MM/YY"
          className="font-mono"
        />
      </div>
      <div>
        <Label htmlFor="card-cvc">CVC</Label>
        <div className="relative">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={card.cvc}
            onChange={(e) => set({ cvc: formatCvc(e.target.value) })}
            disabled={disabled}
            placeholder="123"
            className="pr-9 font-mono"
          />
          <Lock className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        </div>
      </div>
    </div>
  );
}
