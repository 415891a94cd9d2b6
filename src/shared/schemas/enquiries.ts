/**
 * Public form contracts (docs/product.md "Enquiries"): the bodies of
 * POST /api/contact, POST /api/partner-enquiries and POST /api/match-requests. The web forms validate with
 * the same schemas, so client and server show the same words. Every text has a length limit.
 */
import { z } from 'zod';
import { countryCodes, searchTextMax } from '../constants.js';
import { messages } from '../messages.js';
import { optionalText, requiredText } from './common.js';
import { personName } from '../person-name.js';
import { singleLine } from '../single-line.js';

/** Required e-mail: blank fails with `required`, a malformed address with the invalid-email message. */
const requiredEmail = (required: string) => requiredText(required, 254).pipe(z.email(messages.auth.invalidEmail));

/** Who sent a message and where the team's reply goes: a person's name (≤ 100 characters) and an e-mail address. */
const sender = (required: string) => ({ name: personName(requiredText(required, 100)), email: requiredEmail(required) });

const contactRequired = messages.contact.requiredFields;

/** Body of POST /api/contact. A blank subject becomes `messages.contact.defaultSubject`. */
export const contactInput = z.object(
  {
    ...sender(contactRequired),
    subject: singleLine(optionalText(200), messages.common.singleLine('A subject')).transform((v) => v ?? messages.contact.defaultSubject),
    message: requiredText(contactRequired, 5000),
  },
  { error: contactRequired },
);
export type ContactInput = z.input<typeof contactInput>;

const partnerRequired = messages.partner.requiredFields;

/**
 * Body of POST /api/partner-enquiries: the sender's name and e-mail (the team replies there), business type (one line)
 * and a description of the organisation and its goals.
 */
export const partnerEnquiryInput = z.object(
  {
    ...sender(partnerRequired),
    businessType: requiredText(partnerRequired, 200),
    description: requiredText(partnerRequired, 5000),
  },
  { error: partnerRequired },
);
export type PartnerEnquiryInput = z.input<typeof partnerEnquiryInput>;

const personal = messages.search.personalFields;

/**
 * Body of POST /api/match-requests (the /search form). All personal fields are required (the mobile
 * number is digits with optional spaces, dots, dashes and brackets, at least 4 digits); the request
 * text must be non-blank and at most `searchTextMax` (400) characters as typed, stored trimmed.
 */
export const matchRequestInput = z.object(
  {
    firstName: personName(requiredText(personal, 100)),
    lastName: personName(requiredText(personal, 100)),
    email: requiredEmail(personal),
    countryCode: z.enum(countryCodes, { error: personal }),
    mobileNumber: requiredText(personal, 20).regex(/^(?=(?:\D*\d){4})[\d\s().-]+$/, messages.search.invalidMobile),
    requestText: z.string({ error: messages.search.requestText }).max(searchTextMax, messages.search.tooLong).trim().min(1, messages.search.requestText),
  },
  { error: personal },
);
export type MatchRequestInput = z.input<typeof matchRequestInput>;

/** 201 answer of the three endpoints: the id (uuid) of the stored row. */
export const createdEnquiry = z.object({ id: z.uuid() });
export type CreatedEnquiry = z.infer<typeof createdEnquiry>;
