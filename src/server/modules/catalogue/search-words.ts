/**
 * The words of a catalogue search (docs/product.md "Search and catalogue"): the query's words (query-reading.ts), each
 * reduced to its english lexeme (stem) the way experts' text is indexed, stop words dropped, and a word whose
 * stem no expert has corrected to the nearest word of the search lexicon (a typo: "desgin" → design).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** At most this many distinct lexemes of a query take part in matching and ranking; later words are ignored. */
export const maxQueryLexemes = 6;
/** Words shorter than this are never corrected: too few trigrams to tell a typo from another word. */
const minCorrectedLength = 4;
/** pg_trgm similarity (0–1) a lexicon word needs to count as the intended word ("desgin" ~ "design" is 0.27). */
const minCorrectionSimilarity = 0.25;
/** A word's lexeme, and whether the word itself is in some expert's text (`known`) rather than corrected or dropped. */
export type WordLexeme = { lexeme: string | null; known: boolean };

/**
 * Each of `words`' lexeme: its english stem when the lexicon has it (`known`), else the stem of the lexicon's
 * nearest word by trigram distance when that is similar enough, else null (a word that matches nobody cannot
 * change who is found or the order). One round trip; the nearest-word lookups use the lexicon's GiST trigram
 * index. A known word's answer never changes (stems are fixed and the lexicon never loses a word); the others
 * may once experts add words.
 */
export async function lookUpWords(db: Db, words: string[]): Promise<WordLexeme[]> {
  if (!words.length) return [];
  const rows = await db
    .select({ known: sql<string | null>`known.lexeme`, near: sql<string | null>`near.lexeme` })
    .from(
      sql`unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) with ordinality as q(word, position)
      cross join lateral (select (tsvector_to_array(to_tsvector('english'::regconfig, q.word)))[1] as stem) s
      left join lateral (select l.lexeme from search_lexicon l where l.lexeme = s.stem limit 1) known on true
      left join lateral (
        select c.lexeme from (
          select l.lexeme, similarity(l.word, q.word) as score from search_lexicon l
          where known.lexeme is null and s.stem is not null and length(q.word) >= ${minCorrectedLength}
          order by l.word <-> q.word limit 1
        ) c where c.score >= ${minCorrectionSimilarity}
      ) near on true`,
    )
    .orderBy(sql`q.position`);
  return rows.map((row) => ({ lexeme: row.known ?? row.near, known: row.known !== null }));
}

/** The query's lexemes from its words' (in query order): distinct, at most `maxQueryLexemes`. */
export function queryLexemes(perWord: WordLexeme[]): string[] {
  const lexemes = perWord.map((word) => word.lexeme).filter((lexeme): lexeme is string => lexeme !== null);
  return [...new Set(lexemes)].slice(0, maxQueryLexemes);
}
