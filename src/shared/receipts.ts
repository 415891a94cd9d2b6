/**
 * Which payments have a receipt (docs/product.md "Payments"): every payment the card completed — held, released,
 * refunded in part or in full, or under a card dispute — but not one still awaiting the bank's 3-D Secure
 * confirmation, nor a failed one (nothing was charged).
 */
export function hasReceipt(paymentStatus: string): boolean {
  return paymentStatus !== 'pending' && paymentStatus !== 'failed';
}

/** Where a session's client downloads its PDF receipt (GET, the session's client only). */
export const receiptPath = (sessionId: string) => `/api/sessions/${sessionId}/receipt.pdf`;
