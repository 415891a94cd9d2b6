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
import { lookUpWords, queryLexemes, queryWords } from './search-words.js';

export { catalogueIndex, type CatalogueIndex } from './catalogue-index.js';

/**
 * GET /api/experts (docs/product.md "Search and catalogue"). Only published experts; the filters (expertise
 * area, language, rates in dollars) always apply. `query` is matched word by word (queryLexemes: stems, stop
 * words dropped, typos corrected): an expert is found when they have at least one of its words. Relevance
 * ranks experts with every word in their name, role or expertise first, then those with every word anywhere,
 * then by how many words they have, each tier by rating, review count, name; the other sorts order every found
 * expert by price or rating. When the query has no word that any expert has, or finds nobody under the
 * filters, every expert passing the filters is listed with `matched: false`.
 *
 * `total` is exact up to `searchCountBound`; beyond it `total` is the bound and `totalIsLowerBound` true. The
 * experts are read from the catalogue index in this server's memory (catalogue-index.ts, decision 027), fresh
 * as of every change this server has heard; the database is asked only for the lexemes of words not asked before.
 */
export async function searchExperts(db: Db, index: CatalogueIndex, q: ExpertListQuery): Promise<ExpertList> {
  await index.fresh();
  const lexemes = queryLexemes(await index.wordLexemes(queryWords(q.query), (words) => lookUpWords(db, words)));
  const filters = {
    expertise: q.expertise,
    language: q.language,
    minRateCents: q.minRate === undefined ? undefined : Math.round(q.minRate * 100),
    maxRateCents: q.maxRate === undefined ? undefined : Math.round(q.maxRate * 100),
  };
  const found = searchCatalogue(index.contents(), lexemes, filters, q.sort, (q.page - 1) * q.pageSize, q.pageSize);
  const { experts, ...rest }: ExpertList = {
    experts: found.experts.map((doc) => doc.card),
    total: Math.min(found.found, searchCountBound),
    totalIsLowerBound: found.found > searchCountBound,
    page: q.page,
    pageSize: q.pageSize,
    matched: found.matched,
  };
  // The cards' JSON is kept per expert; the rest is a few numbers.
  return withJsonText({ experts, ...rest }, `{"experts":[${found.experts.map(cardJson).join(',')}],${JSON.stringify(rest).slice(1)}`);
}
