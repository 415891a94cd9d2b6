/** Business constants (docs/product.md). */

/** Country calling codes offered on the search-request form. */
export const countryCodes = ['+1', '+44', '+61', '+33', '+49', '+91', '+86', '+81'] as const;

/** Maximum length of a search request's free text, in characters. */
export const searchTextMax = 400;
/** The shortest description a dispute takes, in characters: a sentence, so the team has something to act on (docs/product.md "Disputes"). */
export const disputeDescriptionMin = 15;

/** Minimum password length. */
export const minPasswordLength = 6;

/** Toasts: at most 3 visible, 4 seconds each. */
export const toastLimits = { visible: 3, durationMs: 4000 } as const;

/** Rotating topics on the landing page: 12, every 3000 ms with a 700 ms transition. */
export const topicRotation = { intervalMs: 3000, transitionMs: 700 } as const;
export const rotatingTopics = [
  'Public speaking and presentation skills',
  'Decision-making in leadership',
  'Resume writing',
  'Interview preparation and mock interviews',
  'Salary negotiation',
  'Career change guidance',
  'Networking and professional-profile optimisation',
  'Personal branding',
  'Workplace communication and conflict resolution',
  'Time management and productivity',
  'Overcoming workplace challenges',
  'Leadership skills and executive presence',
] as const;

/** Testimonials rotate every 4000 ms with a 500 ms fade (docs/product.md "Content and timings"). */
export const testimonialRotation = { intervalMs: 4000, fadeMs: 500 } as const;

/** Delays. */
export const delays = {
  signOutRedirectMs: 100,
  authEventMs: 100,
  restartPlayMs: 100,
  wizardStepMs: 50,
  /** After 'Thank you for your feedback!' → /dashboard/client. */
  feedbackRedirectMs: 2000,
  /** Confirm page: after confirming → the feedback page. */
  confirmPageRedirectMs: 2000,
  /** Session page: after 'Session marked as completed!' → the feedback page. */
  sessionConfirmRedirectMs: 1000,
} as const;

/** The 26 expertise areas (docs/product.md "Search and catalogue"). */
export const expertiseCatalogue = [
  'Job Search & Career Pivoting',
  'Job Interview Mastery',
  'Personal Branding',
  'Academic Tutoring',
  'Postgraduate Planning',
  'Professional Certifications',
  'Programming & Tech',
  'Data Science & Analytics',
  'Graphics & Design',
  'Marketing',
  'Business Strategy',
  'Project Management',
  'Leadership Skills',
  'Public Speaking',
  'Human Resources',
  'Writing & Translation',
  'Video & Animation',
  'Finance & Consulting',
  'Music & Audio Services',
  'Legal Advice & Careers',
  'Health & Science Careers',
  'Education & Teaching',
  'Engineering & Manufacturing',
  'Sales & Customer Service',
  'Government & Public Service',
  'Hospitality',
] as const;

/** Support address used on contact, recruitment and error screens. */
export const supportEmail = 'support@mentora.example';
export const partnersEmail = 'partners@mentora.example';

/** Sort orders of the expert results (docs/product.md "Search and catalogue"; GET /api/experts `sort`). */
export const expertSorts = ['relevance', 'rating', 'price_asc', 'price_desc'] as const;
export type ExpertSort = (typeof expertSorts)[number];
