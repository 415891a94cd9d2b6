/** Ids as the API takes them. Pure. */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is written as a uuid (any version), so a database lookup by it cannot fail on its form. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}
