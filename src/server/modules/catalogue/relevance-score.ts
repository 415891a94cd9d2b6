/**
 * The relevance score of a found expert (docs/product.md "Search and catalogue"; docs/decisions/033-search-
 * vocabulary-and-scoring.md): BM25 (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and
 * Beyond", 2009) over two fields. Each term adds its inverse document frequency times its weight times a saturated
 * term frequency: a term in the title part (name, role, expertise) counts as frequency `titleFrequency`; a term
 * only in the about text counts 1 divided by the about text's length relative to the catalogue's average (BM25's
 * length normalisation), at most `maxAboutFrequency`, so a title match always outranks an about-text match and a
 * long about text gains nothing by mentioning more. The index keeps whether an expert has a term, not how often:
 * repeating a word does not count either. Pure.
 */

/** BM25's saturation and length-normalisation parameters, at their usual values. */
const k1 = 1.2;
const b = 0.75;
/** The frequency a term in the title part counts as; an about-text match never counts more than `maxAboutFrequency`. */
const titleFrequency = 3;
const maxAboutFrequency = 2;
/** Added to the score of an expert speaking the query's language (decision 033): more than any score reaches. */
export const speakerBonus = 1_000_000;

const saturate = (frequency: number) => (frequency * (k1 + 1)) / (frequency + k1);

/** A query term: its weight (1 for the query's words and areas, 1/2 for role words) and how many experts have it. */
export type ScoredTerm = { weight: number; holders: number };

/**
 * The gains of `terms` in a catalogue of `experts` whose about texts average `averageAboutLength` distinct lexemes
 * (catalogue-contents.ts): per term its gain in the title part and its gain in the about text before length
 * normalisation, and the normalisation of an about text of `length` lexemes. An expert's score is the sum over
 * its terms of `title[i]` when the term is in its title part, else `about[i] × aboutFactor(length)` when in its
 * about text (higher first; equal scores by rating). Scores are compared exactly: an expert with every term in the
 * title part scores more than any other, which lets the search list those without scoring anyone.
 */
export function relevanceScorer(terms: ScoredTerm[], experts: number, averageAboutLength: number) {
  const idf = terms.map((term) => term.weight * Math.log(1 + (experts - term.holders + 0.5) / (term.holders + 0.5)));
  const average = Math.max(averageAboutLength, 1);
  return {
    title: idf.map((value) => value * saturate(titleFrequency)),
    about: idf,
    aboutFactor: (length: number) => saturate(Math.min(maxAboutFrequency, 1 / (1 - b + (b * length) / average))),
  };
}
