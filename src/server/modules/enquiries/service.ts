/**
 * Public enquiries, stored for the team's inbox (docs/product.md "Enquiries"):
 * contact messages, partner enquiries and custom expert-match requests. Bodies arrive validated by the
 * shared schemas; `userId` is the signed-in account or null for an anonymous visitor.
 */
import type { z } from 'zod';
import type { contactInput, matchRequestInput, partnerEnquiryInput } from '../../../shared/schemas/enquiries.js';
import type { Db } from '../../db/client.js';
import { contactMessages, matchRequests, partnerEnquiries } from '../../db/schema.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { actionEmail } from '../../infra/mail/templates.js';

type Created = { id: string };

/**
 * Stores a contact message and, in the same transaction, queues an acknowledgement to the sender.
 * The e-mail repeats nothing the sender typed, so the form cannot be used to mail chosen text to a stranger.
 */
export async function createContactMessage(db: Db, userId: string | null, input: z.output<typeof contactInput>, baseUrl: string): Promise<Created> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ userId, name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id });
    await enqueueEmail(
      tx,
      actionEmail({
        to: input.email,
        subject: 'We received your message',
        paragraphs: ['Hello,', 'Thank you for contacting Mentora. Our team has received your message and will reply within 24 hours.'],
        actionLabel: 'Find an expert',
        url: `${baseUrl}/results`,
      }),
    );
    return row!;
  });
}

/** Stores a partner enquiry from /how-it-works/partner. */
export async function createPartnerEnquiry(db: Db, userId: string | null, input: z.output<typeof partnerEnquiryInput>): Promise<Created> {
  const [row] = await db
    .insert(partnerEnquiries)
    .values({ userId, ...input })
    .returning({ id: partnerEnquiries.id });
  return row!;
}

/** Stores a custom expert-match request from /search (request text trimmed, 1–400 characters). */
export async function createMatchRequest(db: Db, userId: string | null, input: z.output<typeof matchRequestInput>): Promise<Created> {
  const [row] = await db
    .insert(matchRequests)
    .values({ userId, ...input })
    .returning({ id: matchRequests.id });
  return row!;
}
