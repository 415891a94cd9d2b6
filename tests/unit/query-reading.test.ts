/**
 * Reading a search's sentence (docs/product.md "Search and catalogue"; decision 033): the language it names and the
 * query without it, and the areas and role words its vocabulary phrases lead to.
 */
import { describe, expect, it } from 'vitest';
import { readQuery } from '../../src/server/modules/catalogue/query-reading.js';

const nobodySpeaks = () => false;

describe('readQuery', () => {
  it.each([
    ['a French speaking lawyer', 'French', 'a lawyer', ['a', 'lawyer']],
    ['lawyer who speaks German', 'German', 'lawyer', ['lawyer']],
    ['marketing help in Spanish', 'Spanish', 'marketing help', ['marketing']],
    ['Japanese-speaking software engineer', 'Japanese', 'software engineer', ['software', 'engineer']],
    ['speaks Haitian Creole', 'Haitian Creole', '', []],
  ])('"%s" prefers %s and without it reads "%s"', (query, language, queryWithout, words) => {
    const read = readQuery(query, nobodySpeaks);
    expect(read.languagePreference).toEqual({ language, queryWithout });
    expect(read.words).toEqual(words);
  });

  it('takes a bare language name only when some expert speaks it, and keeps it as a word', () => {
    expect(readQuery('Latin America sales', nobodySpeaks).languagePreference).toBeNull();
    const read = readQuery('Italian startup founder', (name) => name === 'Italian');
    expect(read.languagePreference).toEqual({ language: 'Italian', queryWithout: 'startup founder' });
    expect(read.words).toContain('italian');
  });

  it('leads phrases to areas and role words, longest phrase first, and ignores words that address the site', () => {
    expect(readQuery('How do I make my React app faster?', nobodySpeaks)).toMatchObject({
      areas: ['Programming & Tech'],
      roleWords: ['software', 'developer', 'engineer'],
    });
    expect(readQuery('thinking about doing a PhD', nobodySpeaks).areas).toEqual(['Postgraduate Planning']);
    expect(readQuery('how do I ask for a raise', nobodySpeaks).areas).toEqual(['Job Search & Career Pivoting']);
    // "project manager" is one phrase (Project Management), not "manager" (Leadership Skills).
    expect(readQuery('agile project manager', nobodySpeaks).areas).toEqual(['Project Management']);
    expect(readQuery('mock interviews', nobodySpeaks).areas).toEqual(['Job Interview Mastery']);
    expect(readQuery('I need a mentor to help me', nobodySpeaks).words).toEqual(['i', 'a', 'to', 'me']);
  });
});
