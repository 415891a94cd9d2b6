/** Which driver errors mean "the database cannot be reached" (503 with Retry-After), and which are a statement's own failure. */
import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from '../../src/server/db/errors.js';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isConnectionFailure', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a refused connection on every address (AggregateError)', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])],
    ['a connection ended mid-query, wrapped by Drizzle', wrapped(new Error('Connection terminated unexpectedly'))],
    ["the pool's wait for a connection", new Error('timeout exceeded when trying to connect')],
    ['the server shutting down (57P01)', wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['no connection slot left (53300)', Object.assign(new Error('too many clients'), { code: '53300' })],
    ['a dropped database (3D000)', Object.assign(new Error('database "x" does not exist'), { code: '3D000' })],
  ])('%s is one', (_name, err) => expect(isConnectionFailure(err)).toBe(true));

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a statement timeout (57014)', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['any other error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('%s is not', (_name, err) => expect(isConnectionFailure(err)).toBe(false));
});
