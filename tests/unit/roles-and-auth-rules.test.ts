import { describe, expect, it } from 'vitest';
import { newPasswordError, signInError, signUpError } from '../../src/shared/auth-rules.js';
import { dashboardPath, displayName, isProfileComplete, splitFullName } from '../../src/shared/roles.js';

describe('dashboardPath (docs/product.md "Roles")', () => {
  it('sends experts to the expert dashboard, admins to the console and everyone else to the client dashboard', () => {
    expect(dashboardPath('expert')).toBe('/dashboard/expert');
    expect(dashboardPath('admin')).toBe('/admin');
    expect(dashboardPath('client')).toBe('/dashboard/client');
    expect(dashboardPath('something-else')).toBe('/dashboard/client');
    expect(dashboardPath(null)).toBe('/dashboard/client');
  });
});

describe('profile helpers (docs/product.md "Accounts and sign-in")', () => {
  it('needs a first name and a role', () => {
    expect(isProfileComplete({ firstName: 'Ada', role: 'client' })).toBe(true);
    expect(isProfileComplete({ firstName: '  ', role: 'client' })).toBe(false);
    expect(isProfileComplete({ firstName: 'Ada', role: null })).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });
  it('shows first name, then full name, then User', () => {
    expect(displayName({ firstName: 'Ada', fullName: 'Ada Lovelace' })).toBe('Ada');
    expect(displayName({ firstName: null, fullName: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', fullName: '' })).toBe('User');
  });
  it('splits a provider name at the first space', () => {
    expect(splitFullName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

describe('sign-up and sign-in form rules (docs/product.md "Accounts and sign-in")', () => {
  it('checks fields, then the match, then the length', () => {
    expect(signUpError({ email: '', password: 'secret1', confirmPassword: 'secret1' })).toBe('Please fill in all fields');
    expect(signUpError({ email: 'a@b.co', password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
    expect(signUpError({ email: 'a@b.co', password: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(signUpError({ email: 'a@b.co', password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
    expect(signUpError({ email: 'no-at-sign', password: 'abcdef', confirmPassword: 'abcdef' })).toBe('Please enter a valid email address');
    // A reset asks only for the new password: no e-mail field to check.
    expect(newPasswordError({ password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
    expect(newPasswordError({ password: 'abcdef', confirmPassword: 'abcdeg' })).toBe('Passwords do not match');
  });
  it('needs e-mail and password to sign in', () => {
    expect(signInError({ email: ' ', password: 'x' })).toBe('Please enter your email and password');
    expect(signInError({ email: 'a@b.co', password: '' })).toBe('Please enter your email and password');
    expect(signInError({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});
