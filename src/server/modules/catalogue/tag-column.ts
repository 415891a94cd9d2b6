/**
 * Which documents have which tags (an expert's languages or expertise areas), as sets of document numbers a search
 * combines 32 documents at a time (doc-numbers.ts): testing a filter never reads the documents themselves, whose
 * objects lie all over the heap (docs/decisions/027-search-index-in-memory.md).
 */
import { DocNumbers } from './doc-numbers.js';

export type TagColumn = {
  /** Records `tags` for document `no` (which must have none recorded). */
  set: (no: number, tags: readonly string[]) => void;
  /** Forgets document `no`'s `tags`. */
  clear: (no: number, tags: readonly string[]) => void;
  /** The documents having `tag`; undefined when none has it. */
  holders: (tag: string) => DocNumbers | undefined;
  /** The sets of the tags spelled `tag` in any case ("german", "German"): experts type their languages. */
  holdersIgnoringCase: (tag: string) => DocNumbers[];
};

export function tagColumn(): TagColumn {
  const holders = new Map<string, DocNumbers>();
  return {
    set: (no, tags) => {
      for (const tag of tags) {
        let docs = holders.get(tag);
        if (!docs) holders.set(tag, (docs = new DocNumbers()));
        docs.add(no);
      }
    },
    clear: (no, tags) => {
      for (const tag of tags) {
        const docs = holders.get(tag);
        docs?.delete(no);
        if (docs?.size === 0) holders.delete(tag);
      }
    },
    holders: (tag) => holders.get(tag),
    holdersIgnoringCase: (tag) => {
      const key = tag.toLowerCase();
      return [...holders].filter(([held]) => held.toLowerCase() === key).map(([, docs]) => docs);
    },
  };
}
