// The search load of the benches (bench/api.mjs, bench/catalogue-size.mjs): a deterministic random source and
// never-seen search URLs over the words of the seeded catalogue (scripts/seed-experts.ts).

/**
 * A small deterministic random source (mulberry32), so every run sends the same mix. It works in 32-bit integers:
 * an LCG computed in doubles loses its low bits and repeats after about 10 000 draws, which left the never-seen
 * generator looking forever for a URL it had not sent.
 */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Words people search for: those of the seeded catalogue (scripts/seed-experts.ts) and some it does not have. */
const searchWords = [
  ...'senior lead principal head staff associate director product manager software engineer data scientist designer marketing consultant recruiter teacher analyst sales producer'.split(
    ' ',
  ),
  ...'job search career pivoting interview mastery personal branding academic tutoring postgraduate planning professional certifications programming tech science analytics graphics design business strategy project management leadership skills public speaking human resources writing translation video animation finance consulting music audio legal advice health education teaching engineering manufacturing customer service government hospitality'.split(
    ' ',
  ),
  ...'years experience mentor people help want coaching startup python kubernetes salary negotiation portfolio'.split(' '),
];

/**
 * Never-seen search URLs: every call a URL not returned before (a search nobody asked in the last seconds, so no
 * kept answer): one to three words, a third of them with two letters swapped (a typo), any filter, sort and page.
 */
export function neverSeenSearches() {
  const rnd = random(29);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const typo = (word) => {
    if (word.length < 5 || rnd() > 0.33) return word;
    const i = 1 + Math.floor(rnd() * (word.length - 3));
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  };
  const filters = [
    '',
    '',
    '&language=Spanish',
    '&language=Japanese',
    '&expertise=Marketing',
    '&expertise=Data%20Science%20%26%20Analytics',
    '&minRate=50&maxRate=150',
    '&maxRate=40',
    '&language=English&maxRate=100',
    '&expertise=Leadership%20Skills&language=German',
  ];
  const sent = new Set();
  return () => {
    for (;;) {
      const words = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => typo(pick(searchWords)));
      const url = `/api/experts?query=${encodeURIComponent(words.join(' '))}${pick(filters)}&sort=${pick(['relevance', 'relevance', 'rating', 'price_asc', 'price_desc'])}&page=${1 + Math.floor(rnd() * 3)}`;
      if (sent.has(url)) continue;
      sent.add(url);
      return { path: url };
    }
  };
}
