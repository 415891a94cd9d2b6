/** Content of the International Students page (docs/product.md "Content and timings"). */

/** The 4 programmes, in order. `id` picks the card icon on the page. */
export const internationalProgrammes = [
  {
    id: 'cultural-integration',
    title: 'Cultural integration workshops',
    description: 'Understand the unwritten rules of a new workplace and study culture, from how meetings run to how feedback is given.',
    points: ['Workplace etiquette and communication styles', 'Small talk, networking events and interviews', 'Settling in and building confidence'],
  },
  {
    id: 'international-cv',
    title: 'International CV building',
    description: 'Turn your experience from home into a CV and LinkedIn profile that recruiters in your new country understand.',
    points: ['Local CV formats and conventions', 'Translating qualifications and job titles', 'Cover letters and LinkedIn that get replies'],
  },
  {
    id: 'visa-support',
    title: 'Visa and immigration support',
    description: 'Plan your next steps with mentors who have been through the process, and licensed advisers for formal advice.',
    points: ['Post-study work options and timelines', 'Talking about work rights with employers', 'Formal advice only from verified licensed experts'],
  },
  {
    id: 'global-networking',
    title: 'Global networking',
    description: 'Build a professional network from scratch with mentors and alumni working across industries and countries.',
    points: ['Introductions to your target industry', 'Alumni and diaspora communities', 'Finding mentors who speak your language'],
  },
] as const;

/** How we support international students, shown before the programmes. `id` picks the icon. */
export const internationalSupport = [
  {
    id: 'been-there',
    title: 'Mentors who have been there',
    text: 'Many of our experts studied or built their careers abroad and remember what it is like to start again.',
  },
  {
    id: 'time-zones',
    title: 'Sessions that fit your time zone',
    text: 'Meet by video at a time that suits you, wherever you are, from 15 minutes to 2 hours.',
  },
  {
    id: 'languages',
    title: 'Advice in your language',
    text: 'Mentor profiles list the languages each expert speaks, so you can talk things through comfortably.',
  },
] as const;
