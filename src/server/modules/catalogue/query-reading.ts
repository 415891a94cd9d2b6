/**
 * What a search's sentence says besides its words (docs/product.md "Search and catalogue"; docs/decisions/033-
 * search-vocabulary-and-scoring.md): a spoken language it names ("speaks German", "in Spanish", "Japanese-speaking",
 * "a French speaking lawyer"), and the expertise areas and role words its vocabulary leads to ("React" →
 * Programming & Tech, "PhD" → Postgraduate Planning, "raise" → Job Search & Career Pivoting). Pure: the search
 * service looks the words up and the catalogue search ranks with them.
 */
import vocabulary from './search-vocabulary.json' with { type: 'json' };

/** A query word with where it stands in the query text (UTF-16 offsets, end exclusive). */
type Token = { word: string; start: number; end: number };

/** What `readQuery` found in a query. */
export type ReadQuery = {
  /** The words matched against experts' text (lower case, distinct, in query order); a language phrase's words are not among them. */
  words: string[];
  /** Words of the roles the vocabulary leads to, matched at half weight. */
  roleWords: string[];
  /** Expertise areas the vocabulary leads to. */
  areas: string[];
  /**
   * The spoken language the query names, in English as `Intl.DisplayNames` spells it, and the query text without
   * the words that named it (what the search becomes when the person removes the preference).
   */
  languagePreference: { language: string; queryWithout: string } | null;
};

/** Read from a query; the 400-character query can hold no more than this many useful ones anyway. */
const maxQueryWords = 40;

function tokens(query: string): Token[] {
  return [...query.matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu)].slice(0, maxQueryWords).map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * English names of the languages with a two-letter ISO 639-1 code, lower case, from the runtime's CLDR data
 * (`Intl.DisplayNames`): every code `aa`–`zz` the runtime can name. Names with a qualifier in brackets
 * ("Serbian (Latin)") are left out; a name of several words ("Haitian Creole") is matched word by word.
 */
const languageNames: Map<string, string> = (() => {
  const names = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });
  const found = new Map<string, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters)
    for (const b of letters) {
      const name = names.of(a + b);
      if (name && !name.includes('(')) found.set(name.toLowerCase(), name);
    }
  return found;
})();
const longestLanguageName = Math.max(...[...languageNames.keys()].map((name) => name.split(' ').length));

/** Words that say a language is spoken, before its name ("speaks German", "in Spanish") or after it ("Japanese-speaking"). */
const spokenBefore = new Set(['in', 'speaks', 'speak', 'speaking', 'who speaks', 'that speaks', 'fluent in']);
const spokenAfter = new Set(['speaking', 'speaker', 'speakers', 'speaks', 'language', 'spoken']);

/** The phrase of `list` of at most `longest` words starting at token `at` that `known` has, longest first. */
function phraseAt(list: Token[], at: number, longest: number, known: (phrase: string) => boolean): number {
  for (let n = Math.min(longest, list.length - at); n >= 1; n--) {
    if (
      known(
        list
          .slice(at, at + n)
          .map((t) => t.word)
          .join(' '),
      )
    )
      return n;
  }
  return 0;
}

/**
 * The first language `list` names, as tokens `from`–`to` (exclusive) with the words that mark it as spoken, and
 * whether such words were there. A bare name ("French lawyer") counts only when `spoken` says some expert speaks
 * it, so a name that is also an ordinary word ("Latin America") does not reorder results for nobody.
 */
function findLanguage(list: Token[], spoken: (name: string) => boolean) {
  for (let at = 0; at < list.length; at++) {
    const length = phraseAt(list, at, longestLanguageName, (phrase) => languageNames.has(phrase));
    if (!length) continue;
    const name = languageNames.get(
      list
        .slice(at, at + length)
        .map((t) => t.word)
        .join(' '),
    )!;
    let from = at;
    let to = at + length;
    for (const words of [2, 1]) {
      if (
        from >= words &&
        spokenBefore.has(
          list
            .slice(from - words, from)
            .map((t) => t.word)
            .join(' '),
        )
      ) {
        from -= words;
        break;
      }
    }
    if (to < list.length && spokenAfter.has(list[to]!.word)) to++;
    const marked = from < at || to > at + length;
    if (marked || spoken(name)) return { name, from, to, marked };
  }
  return null;
}

type Entry = { say: string[]; areas: string[]; words: string[] };
/** Words that say nothing about whom people want ("a mentor who…", "I need help with…"): never matched. */
const ignored = new Set((vocabulary as { ignore: string[] }).ignore);
/** The vocabulary's phrases (a final s dropped) to their entries. */
const vocabularyPhrases: Map<string, Entry> = (() => {
  const phrases = new Map<string, Entry>();
  for (const entry of (vocabulary as { entries: Entry[] }).entries) for (const say of entry.say) phrases.set(singular(say), entry);
  return phrases;
})();
const longestPhrase = Math.max(...[...vocabularyPhrases.keys()].map((phrase) => phrase.split(' ').length));

/** `phrase` with each word's final s dropped ("interviews" and "interview" match alike), except after another s. */
function singular(phrase: string): string {
  return phrase
    .split(' ')
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
    .join(' ');
}

/**
 * Reads `query`: its words, a spoken language it names (`spoken(name)`: whether some expert speaks that language,
 * for bare names), and the areas and role words of the vocabulary phrases it holds (longest phrase first, each word
 * in at most one phrase).
 */
export function readQuery(query: string, spoken: (name: string) => boolean): ReadQuery {
  const list = tokens(query);
  const found = findLanguage(list, spoken);
  // A marked phrase is only about the language; a bare name may also be the subject ("Spanish literature").
  const kept = found?.marked ? list.filter((_, i) => i < found.from || i >= found.to) : list;
  const areas = new Set<string>();
  const roleWords = new Set<string>();
  for (let at = 0; at < kept.length;) {
    const length = phraseAt(kept, at, longestPhrase, (phrase) => vocabularyPhrases.has(singular(phrase)));
    if (!length) {
      at++;
      continue;
    }
    const entry = vocabularyPhrases.get(
      singular(
        kept
          .slice(at, at + length)
          .map((t) => t.word)
          .join(' '),
      ),
    )!;
    for (const area of entry.areas) areas.add(area);
    for (const word of entry.words) roleWords.add(word);
    at += length;
  }
  const words = [...new Set(kept.map((t) => t.word).filter((word) => !ignored.has(word)))];
  return {
    words,
    roleWords: [...roleWords].filter((word) => !words.includes(word)),
    areas: [...areas],
    languagePreference: found
      ? {
          language: found.name,
          queryWithout: `${query.slice(0, list[found.from]!.start)} ${query.slice(list[found.to - 1]!.end)}`
            .replace(/\s+/g, ' ')
            .replace(/^[\s,;-]+|[\s,;-]+$/g, ''),
        }
      : null,
  };
}
