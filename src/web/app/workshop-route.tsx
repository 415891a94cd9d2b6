/**
 * /workshops/{id}: the workshops feature's page composed with the sessions feature's Stripe Elements card form, so a
 * paid seat is paid like a session when the server takes cards with Stripe (docs/product.md "Workshops", "Payments";
 * features never import each other).
 */
import { lazy } from 'react';
import WorkshopPage from '../features/workshops/workshop-page';

// Loaded only when a paid seat is booked on a server with Stripe: importing @stripe/stripe-js fetches Stripe.js.
const StripeCardForm = lazy(() => import('../features/sessions/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

export default function WorkshopRoute() {
  return <WorkshopPage stripeCardForm={StripeCardForm} />;
}
