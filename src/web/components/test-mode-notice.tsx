/**
 * The simulated payment provider's test cards, shown wherever a card is asked for while no real money moves
 * (docs/product.md "Payments"): the payment page and a workshop's seat.
 */
import { FlaskConical } from 'lucide-react';

const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
];

/** The test-mode notice with the simulated provider's test cards. */
export function TestModeNotice() {
  return (
    <section aria-labelledby="test-mode-title" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <h2 id="test-mode-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden />
        Test mode — no real money moves
      </h2>
      <p className="mt-1">Use any future expiry date and any 3-digit CVC with one of these cards:</p>
      <ul className="mt-2 space-y-1">
        {testCards.map((card) => (
          <li key={card.number}>
            <span className="font-mono font-medium">{card.number}</span> {card.outcome}
          </li>
        ))}
      </ul>
    </section>
  );
}
