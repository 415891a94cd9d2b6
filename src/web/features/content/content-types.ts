/** Plain data shapes behind the content pages (no JSX, so unit tests can import the data). */

/** One collapsible question; `answer` holds its paragraphs in order. */
export type Faq = { id: string; question: string; answer: readonly string[] };

/** One step of a "how it works" sequence. */
export type Step = { title: string; text: string };

/** A titled block of concrete rules or benefits (guideline sections, partner benefits). */
export type RuleSection = { id: string; title: string; summary: string; points: readonly string[] };
