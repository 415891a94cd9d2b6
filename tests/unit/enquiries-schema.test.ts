/** The shared form contracts give the product's words (docs/product.md "Enquiries") to both the web forms and the API. */
import { describe, expect, it } from 'vitest';
import { countryCodes } from '../../src/shared/constants.js';
import { messages } from '../../src/shared/messages.js';
import { contactInput, matchRequestInput, partnerEnquiryInput } from '../../src/shared/schemas/enquiries.js';

/** The first issue's message, as the API and the forms' summary show it; null when valid. */
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('contactInput', () => {
  const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };

  it('trims fields and keeps a given subject', () => {
    expect(contactInput.parse({ ...valid, name: '  Ada  ', subject: ' Hi ' })).toEqual(valid);
  });

  it('defaults a blank or missing subject', () => {
    expect(contactInput.parse({ ...valid, subject: '  ' }).subject).toBe(messages.contact.defaultSubject);
    expect(contactInput.parse({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }).subject).toBe(messages.contact.defaultSubject);
  });

  it.each(['name', 'email', 'message'] as const)('requires %s', (field) => {
    expect(firstError(contactInput.safeParse({ ...valid, [field]: ' ' }))).toBe(messages.contact.requiredFields);
    expect(firstError(contactInput.safeParse({ ...valid, [field]: undefined }))).toBe(messages.contact.requiredFields);
  });

  it('rejects a malformed email and over-long text', () => {
    expect(firstError(contactInput.safeParse({ ...valid, email: 'not-an-email' }))).toBe(messages.auth.invalidEmail);
    expect(contactInput.safeParse({ ...valid, name: 'n'.repeat(101) }).success).toBe(false);
    expect(contactInput.safeParse({ ...valid, subject: 's'.repeat(201) }).success).toBe(false);
    expect(contactInput.safeParse({ ...valid, message: 'm'.repeat(5000) }).success).toBe(true);
    expect(contactInput.safeParse({ ...valid, message: 'm'.repeat(5001) }).success).toBe(false);
  });
});

describe('partnerEnquiryInput', () => {
  const valid = { name: 'Pat Lee', email: 'pat@example.com', businessType: 'Agency', description: 'Goals' };

  it('accepts every field, keeping inner line breaks', () => {
    expect(partnerEnquiryInput.parse({ ...valid, name: ' Pat Lee ', businessType: ' Agency ', description: 'Line 1\nLine 2\n' })).toEqual({
      ...valid,
      description: 'Line 1\nLine 2',
    });
  });

  it.each(['name', 'email', 'businessType', 'description'] as const)('requires %s', (field) => {
    expect(firstError(partnerEnquiryInput.safeParse({ ...valid, [field]: '  ' }))).toBe(messages.partner.requiredFields);
  });

  it('refuses an address that is not an e-mail address', () => {
    expect(firstError(partnerEnquiryInput.safeParse({ ...valid, email: 'pat at example' }))).toBe(messages.auth.invalidEmail);
  });
});

describe('matchRequestInput', () => {
  const valid = {
    firstName: 'Sam',
    lastName: 'Lee',
    email: 'sam@example.com',
    countryCode: '+44',
    mobileNumber: '(020) 7946-0958',
    requestText: 'A product mentor',
  };

  it('accepts every offered country code', () => {
    for (const countryCode of countryCodes) expect(matchRequestInput.safeParse({ ...valid, countryCode }).success).toBe(true);
    expect(firstError(matchRequestInput.safeParse({ ...valid, countryCode: '+7' }))).toBe(messages.search.personalFields);
  });

  it.each(['firstName', 'lastName', 'email', 'countryCode', 'mobileNumber'] as const)('requires %s with the personal-fields message', (field) => {
    expect(firstError(matchRequestInput.safeParse({ ...valid, [field]: '' }))).toBe(messages.search.personalFields);
  });

  it('checks personal fields before the request text, as the form does', () => {
    expect(firstError(matchRequestInput.safeParse({}))).toBe(messages.search.personalFields);
    expect(firstError(matchRequestInput.safeParse({ ...valid, requestText: ' \n ' }))).toBe(messages.search.requestText);
  });

  it('allows 400 characters of request text and refuses 401', () => {
    expect(matchRequestInput.parse({ ...valid, requestText: 'x'.repeat(400) }).requestText).toHaveLength(400);
    expect(firstError(matchRequestInput.safeParse({ ...valid, requestText: 'x'.repeat(401) }))).toBe(messages.search.tooLong);
  });

  it('needs a mobile number of at least 4 digits with only phone punctuation', () => {
    expect(firstError(matchRequestInput.safeParse({ ...valid, mobileNumber: '12-3' }))).toBe(messages.search.invalidMobile);
    expect(firstError(matchRequestInput.safeParse({ ...valid, mobileNumber: '0412abc' }))).toBe(messages.search.invalidMobile);
    expect(matchRequestInput.safeParse({ ...valid, mobileNumber: '0412 345 678' }).success).toBe(true);
  });
});
