/**
 * Where an audit entry's subject lives in the team console, when it has a page there (docs/product.md "Team
 * console"); null for subjects shown only inside another page (plans, packages, conversations, inbox items).
 */
export function auditSubjectLink(e: { targetType: string; targetId: string }): string | null {
  return Object.hasOwn(auditSubjectNames, e.targetType) ? `/admin/${auditSubjectNames[e.targetType]}s/${e.targetId}` : null;
}

/** The subject types that have a console page (at /admin/{name}s/{id}), in the product's words. */
export const auditSubjectNames: Record<string, string> = {
  application: 'application',
  dispute: 'dispute',
  session: 'session',
  organisation: 'organisation',
};
