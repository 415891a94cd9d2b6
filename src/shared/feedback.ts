/**
 * The five public feedback questions and their options (docs/product.md "Feedback and reviews"). Ratings are stored as
 * the chosen option's words (docs/product.md "Feedback and reviews"); for the expert's average each list maps to 5..1 in order.
 */
export const feedbackQuestions = [
  { key: 'expertiseRating', label: "How would you rate the expert's expertise?", options: ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'] },
  { key: 'communicationRating', label: 'How clear was their communication?', options: ['Very Clear', 'Clear', 'Adequate', 'Unclear', 'Very Unclear'] },
  { key: 'punctualityRating', label: 'Was the expert on time?', options: ['On Time', 'Slightly Late', 'Very Late', 'Did Not Show'] },
  {
    key: 'valueRating',
    label: 'How would you rate the value for money?',
    options: ['Excellent Value', 'Good Value', 'Fair Value', 'Poor Value', 'Overpriced'],
  },
  {
    key: 'recommendationRating',
    label: 'Would you recommend this expert to others?',
    options: ['Definitely', 'Probably', 'Maybe', 'Probably Not', 'Definitely Not'],
  },
] as const;

export type FeedbackKey = (typeof feedbackQuestions)[number]['key'];

/**
 * Score of one answer: the first option is 5, each next one a point less. Punctuality has four options,
 * so 'Did Not Show' scores 2 — the scale stays 5-best for every question.
 */
export function answerScore(key: FeedbackKey, answer: string): number {
  const q = feedbackQuestions.find((x) => x.key === key)!;
  const i = (q.options as readonly string[]).indexOf(answer);
  if (i < 0) throw new Error(`unknown answer ${answer} for ${key}`);
  return 5 - i;
}

/** Average score of one review across the five questions, 1–5. */
export function reviewScore(review: Record<FeedbackKey, string>): number {
  const scores = feedbackQuestions.map((q) => answerScore(q.key, review[q.key]));
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}
