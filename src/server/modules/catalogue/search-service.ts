/**
 * Search of the expert catalogue (docs/product.md "Search and catalogue"; sort and pages), the catalogue module's
 * entry for other modules (README.md): the index of one server (catalogue-index.ts), made once by app.ts, and
 * the search that reads it with the query's words as PostgreSQL's english full-text search stems them
 * (search-words.ts).
 */
import type { ExpertList, ExpertListQuery } from '../../../shared/schemas/experts.js';
import type { Db } from '../../db/client.js';
import { withJsonText } from '../../http/plain-json.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { cardJson } from './catalogue-contents.js';
import { searchCatalogue, searchCountBound } from './catalogue-search.js';
import { readQuery } from './query-reading.js';
import { lookUpWords, queryLexemes } from './search-words.js';

export { catalogueIndex, type CatalogueIndex } from './catalogue-index.js';

/**
 * GET /api/experts (docs/product.md "Search and catalogue"). Only published experts; the filters (expertise
 * area, language, rates in dollars) always apply. `query` is read as a sentence (query-reading.ts): a spoken
 * language it names becomes a preference (speakers first, in every sort; answered as `languagePreference` with
 * the query without it), its vocabulary phrases add expertise areas and role words, and its words are matched word
 * by word (queryLexemes: stems, stop words dropped, typos corrected). An expert is found when they have at least
 * one of the terms. Relevance orders them by a BM25-style score (relevance-score.ts: title part above about text,
 * about texts normalised by length), equal scores by rating, review count, name; the other sorts order every found
 * expert by price or rating. When no term matches anyone, every expert passing the filters is listed with
 * `matched: false` (true when a named language is spoken by some of them).
 *
 * `total` is exact up to `searchCountBound`; beyond it `total` is the bound and `totalIsLowerBound` true. The
 * experts are read from the catalogue index in this server's memory (catalogue-index.ts, decision 027), fresh
 * as of every change this server has heard; the database is asked only for the lexemes of words not asked before.
 */
export async function searchExperts(db: Db, index: CatalogueIndex, q: ExpertListQuery): Promise<ExpertList> {
  await index.fresh();
  const contents = index.contents();
  const read = readQuery(q.query, (name) => contents.languages.holdersIgnoringCase(name).length > 0);
  const looked = await index.wordLexemes([...read.words, ...read.roleWords], (words) => lookUpWords(db, words));
  const search = {
    lexemes: queryLexemes(looked.slice(0, read.words.length)),
    // A role word no expert has is left out, not corrected: it was not typed.
    roleLexemes: looked.slice(read.words.length).flatMap((word) => (word.known && word.lexeme ? [word.lexeme] : [])),
    areas: read.areas,
    language: read.languagePreference?.language,
  };
  const filters = {
    expertise: q.expertise,
    language: q.language,
    minRateCents: q.minRate === undefined ? undefined : Math.round(q.minRate * 100),
    maxRateCents: q.maxRate === undefined ? undefined : Math.round(q.maxRate * 100),
  };
  const found = searchCatalogue(contents, search, filters, q.sort, (q.page - 1) * q.pageSize, q.pageSize);
  const { experts, ...rest }: ExpertList = {
    experts: found.experts.map((doc) => doc.card),
    total: Math.min(found.found, searchCountBound),
    totalIsLowerBound: found.found > searchCountBound,
    page: q.page,
    pageSize: q.pageSize,
    matched: found.matched,
    languagePreference: read.languagePreference,
  };
  // The cards' JSON is kept per expert; the rest is a few numbers.
  return withJsonText({ experts, ...rest }, `{"experts":[${found.experts.map(cardJson).join(',')}],${JSON.stringify(rest).slice(1)}`);
}
