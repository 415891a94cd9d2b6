import { describe, expect, it } from 'vitest';
import { expertiseCatalogue } from '../../src/shared/constants.js';
import { classifyCv, expertiseKeywords, maxCountPerPhrase, minScore, normaliseText, scoreExpertise } from '../../src/shared/expertise-classifier.js';

describe('expertise classifier', () => {
  it('has phrases for every one of the 26 catalogue areas and nothing else', () => {
    expect(Object.keys(expertiseKeywords).sort()).toEqual([...expertiseCatalogue].sort());
    for (const phrases of Object.values(expertiseKeywords)) expect(phrases.some(([, w]) => w === 3)).toBe(true);
  });

  it('normalises case, accents and punctuation but keeps C++ and C#', () => {
    expect(normaliseText('Café MANAGER, C++/C# and Python/SQL!')).toBe(' cafe manager c++ c# and python sql ');
    expect(classifyCv('A/B testing. More A/B testing.')).toEqual(['Data Science & Analytics']);
  });

  it('matches whole words (plurals allowed), not parts of words', () => {
    expect(scoreExpertise('Registered nurses on the ward')[0]).toMatchObject({ area: 'Health & Science Careers' });
    expect(scoreExpertise('JavaScript').find((s) => s.hits.some((h) => h.phrase === 'java'))).toBeUndefined();
    expect(scoreExpertise('hotelier')).toEqual([]);
  });

  it('scores weight × count, counting a phrase at most 3 times', () => {
    const once = scoreExpertise('tutor').find((s) => s.area === 'Academic Tutoring')!;
    expect(once.score).toBe(3);
    const many = scoreExpertise('tutor '.repeat(10)).find((s) => s.area === 'Academic Tutoring')!;
    expect(many.hits).toEqual([{ phrase: 'tutor', count: maxCountPerPhrase }]);
    expect(many.score).toBe(3 * maxCountPerPhrase);
  });

  it(`keeps areas scoring at least ${minScore}, best first, ties in catalogue order`, () => {
    expect(classifyCv('I once gave a keynote')).toEqual([]);
    expect(classifyCv('Hotel chef. Hospitality and restaurant operations; Marketing and SEO; marketing campaigns')).toEqual(['Hospitality', 'Marketing']);
    expect(classifyCv('tutor tutor. teacher teacher.')).toEqual(['Academic Tutoring', 'Education & Teaching']);
  });

  it('finds nothing in a text about nothing in particular', () => {
    expect(classifyCv('Hello, I like long walks and reading novels.')).toEqual([]);
  });
});
