/**
 * Organisations (docs/product.md "Partners"): the team creates them, from a partner enquiry or directly; the team
 * sees every organisation, a manager only those they manage — anyone else is answered 'Organisation not found'.
 */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { partnerMessages as m, type OrganisationKind } from '../../../shared/partners.js';
import type { OrganisationDetail, organisationInput, OrganisationSummary } from '../../../shared/schemas/partners.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import {
  creditGrants,
  creditPurchases,
  organisationInvitations,
  organisationManagers,
  organisations,
  partnerEnquiries,
  user as userTable,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../admin/audit-service.js';
import { attachFile, fileUrlPrefix } from '../files/service.js';
import { clock } from '../../clock.js';

type OrganisationRow = typeof organisations.$inferSelect;

/** 404 'Organisation not found' unless `id` is a uuid. */
export function assertOrganisationId(id: string): void {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', m.organisationNotFound);
}

/** 404 'Organisation not found' unless organisation `id` exists: for a list that came back empty. */
export async function assertOrganisationExists(db: Db | Tx, id: string): Promise<void> {
  assertOrganisationId(id);
  if (!(await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id))).length)
    throw new AppError('NOT_FOUND', m.organisationNotFound);
}

export function summaryOf(o: OrganisationRow): OrganisationSummary {
  return {
    id: o.id,
    name: o.name,
    kind: o.kind as OrganisationKind,
    billingEmail: o.billingEmail,
    emailDomains: o.emailDomains,
    balanceCents: o.balanceCents,
    reservedCents: o.reservedCents,
    logoUrl: o.logoFileId ? `${fileUrlPrefix}${o.logoFileId}` : null,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * POST /api/admin/organisations: creates an organisation with a zero balance, linked to partner enquiry `enquiryId`
 * when given (one organisation per enquiry), showing the logo `logoFileId` the admin uploaded when given; audited
 * ('organisation.create'). 404 unknown enquiry or not the admin's logo upload; 409 an organisation already made from it.
 */
export async function createOrganisation(db: Db, admin: CurrentUser, input: z.output<typeof organisationInput>) {
  return db
    .transaction(async (tx) => {
      if (input.enquiryId) {
        const [enquiry] = await tx.select({ id: partnerEnquiries.id }).from(partnerEnquiries).where(eq(partnerEnquiries.id, input.enquiryId));
        if (!enquiry) throw new AppError('NOT_FOUND', m.enquiryNotFound);
      }
      const [row] = await tx
        .insert(organisations)
        .values({
          name: input.name,
          kind: input.kind,
          billingEmail: input.billingEmail,
          emailDomains: [...new Set(input.emailDomains)],
          enquiryId: input.enquiryId ?? null,
          createdBy: admin.id,
          logoFileId: input.logoFileId ? (await attachFile(tx, admin, input.logoFileId, 'logo')).id : null,
        })
        .returning();
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'organisation.create',
        targetType: 'organisation',
        targetId: row!.id,
        detail: { name: row!.name, ...(input.enquiryId ? { enquiryId: input.enquiryId } : {}) },
      });
      return getOrganisation(tx, row!.id);
    })
    .catch((err: unknown) => {
      if (pgError(err).constraint === 'organisations_enquiry_id_unique') throw new AppError('CONFLICT', m.enquiryTaken);
      throw err;
    });
}

/** GET /api/admin/organisations: every organisation with its balances, newest first, `pageSize` a page. */
export async function listOrganisations(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const rows = await db
    .select()
    .from(organisations)
    .orderBy(desc(organisations.createdAt), desc(organisations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(organisations);
  return { items: rows.map(summaryOf), total: total?.n ?? 0, page, pageSize };
}

/** GET /api/partner/organisations: the organisations `manager` manages, by name. */
export async function listManagedOrganisations(db: Db, manager: CurrentUser): Promise<{ items: OrganisationSummary[] }> {
  const rows = await db
    .select({ o: organisations })
    .from(organisationManagers)
    .innerJoin(organisations, eq(organisations.id, organisationManagers.organisationId))
    .where(eq(organisationManagers.userId, manager.id))
    .orderBy(organisations.name);
  return { items: rows.map((r) => summaryOf(r.o)) };
}

/** 404 'Organisation not found' unless `user` manages organisation `id` (a malformed id is an unknown one). */
export async function assertManages(db: Db | Tx, user: CurrentUser, id: string): Promise<void> {
  assertOrganisationId(id);
  const [row] = await db
    .select({ id: organisationManagers.organisationId })
    .from(organisationManagers)
    .where(and(eq(organisationManagers.organisationId, id), eq(organisationManagers.userId, user.id)));
  if (!row) throw new AppError('NOT_FOUND', m.organisationNotFound);
}

/**
 * One organisation as the team and its managers see it: balances, managers, open invitations and grants. 404 unknown.
 * Its ledger is read a page at a time apart (credit-ledger-service.ts).
 */
export async function getOrganisation(db: Db | Tx, id: string, now = clock.now()): Promise<OrganisationDetail> {
  assertOrganisationId(id);
  const [o] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  // One query after another: `db` may be a transaction's one connection, which runs a query at a time.
  const managers = await db
    .select({ userId: userTable.id, name: userTable.name, email: userTable.email, since: organisationManagers.createdAt })
    .from(organisationManagers)
    .innerJoin(userTable, eq(userTable.id, organisationManagers.userId))
    .where(eq(organisationManagers.organisationId, id))
    .orderBy(organisationManagers.createdAt);
  const invitations = await db
    .select()
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.organisationId, id), isNull(organisationInvitations.acceptedAt), gt(organisationInvitations.expiresAt, now)))
    .orderBy(desc(organisationInvitations.createdAt));
  const grants = await db.select().from(creditGrants).where(eq(creditGrants.organisationId, id)).orderBy(desc(creditGrants.createdAt));
  return {
    ...summaryOf(o),
    enquiryId: o.enquiryId,
    managers: managers.map((x) => ({ ...x, since: x.since.toISOString() })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    grants: grants.map((g) => ({
      id: g.id,
      amountCents: g.amountCents,
      remainingCents: g.remainingCents,
      expiresAt: g.expiresAt.toISOString(),
      note: g.note,
      retiredAt: g.retiredAt?.toISOString() ?? null,
    })),
  };
}

/** The columns of a purchase that `paidWithOf` reads, for a query joining credit_purchases (a ledger's entries). */
export const paidWithColumns = {
  method: creditPurchases.method,
  cardBrand: creditPurchases.cardBrand,
  cardLast4: creditPurchases.cardLast4,
  invoiceReference: creditPurchases.invoiceReference,
};

/** How a purchase was paid, in words: 'Visa ending 4242' or 'bank transfer, reference INV-1'. */
export function paidWithOf(p: Pick<typeof creditPurchases.$inferSelect, 'method' | 'cardBrand' | 'cardLast4' | 'invoiceReference'>): string {
  return p.method === 'card' ? `${p.cardBrand ?? 'Card'} ending ${p.cardLast4 ?? '····'}` : `bank transfer, reference ${p.invoiceReference}`;
}
