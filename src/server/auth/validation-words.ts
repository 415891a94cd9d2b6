/**
 * Better Auth refuses a malformed body with its validator's text, `{"code":"VALIDATION_ERROR","message":"[body.email]
 * Invalid email address"}`, or its own terse words (`INVALID_EMAIL`, "Invalid email"), which a form would show as
 * they are. The answer keeps its status and code and gets the product's words instead (docs/product.md "Accounts
 * and sign-in"): the e-mail field's own message, otherwise the generic refusal.
 */
import { messages } from '../../shared/messages.js';

/** Product words for a refused field, by the field's name in Better Auth's body. */
const fieldWords: Record<string, string> = { email: messages.auth.invalidEmail };

/** `payload` (a Better Auth answer's body) with a validator's message replaced; other answers as they came. */
export function inProductWords(status: number, payload: Buffer | null): Buffer | null {
  if (status !== 400 || !payload) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return payload;
  }
  if (typeof body !== 'object' || body === null) return payload;
  const { code, message: said } = body as { code?: unknown; message?: unknown };
  let message: string;
  if (code === 'INVALID_EMAIL') message = messages.auth.invalidEmail;
  else if (code === 'VALIDATION_ERROR') {
    // "[body.email] Invalid email address; [body.name] …": the first refused field decides the words.
    const field = /^\[(?:body|query)\.([^\].]+)/.exec(String(said ?? ''))?.[1];
    message = (field && fieldWords[field]) || messages.common.invalidRequest;
  } else return payload;
  return Buffer.from(JSON.stringify({ ...body, message }));
}
