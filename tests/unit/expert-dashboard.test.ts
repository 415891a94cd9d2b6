import { describe, expect, it } from 'vitest';
import { applicationStatuses } from '../../src/shared/application-status.js';
import { sessionsEmptyState } from '../../src/shared/expert-dashboard.js';

describe('the expert dashboard empty session list depends on approval (docs/product.md "Roles")', () => {
  const published = { slug: 'amara-nwosu', status: 'published' };

  it('a published profile is told to share its link, whatever the application says (demo experts have none)', () => {
    for (const status of [null, ...applicationStatuses]) expect(sessionsEmptyState(status, published)).toEqual({ kind: 'published', slug: 'amara-nwosu' });
  });

  it('an open application without a published profile is under review', () => {
    for (const status of ['submitted', 'pending', 'under_review']) expect(sessionsEmptyState(status, null)).toEqual({ kind: 'reviewing' });
    expect(sessionsEmptyState('under_review', { slug: 'x', status: 'draft' })).toEqual({ kind: 'reviewing' });
  });

  it('an approved expert whose profile is a draft is told to finish the setup and publish (docs/product.md "Expert onboarding and publishing")', () => {
    expect(sessionsEmptyState('approved', { slug: 'x', status: 'draft' })).toEqual({ kind: 'setup' });
  });

  it('no application, a rejected one, or a profile that is not bookable is invited to apply', () => {
    expect(sessionsEmptyState(null, null)).toEqual({ kind: 'apply' });
    expect(sessionsEmptyState('rejected', null)).toEqual({ kind: 'apply' });
    expect(sessionsEmptyState('approved', { slug: 'x', status: 'suspended' })).toEqual({ kind: 'apply' });
  });
});
