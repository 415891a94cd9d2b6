import type { RuleSection } from './content-types';

/** The 8 Community Guidelines sections, in order (docs/product.md "Content and timings"). */
export const guidelineSections: readonly RuleSection[] = [
  {
    id: 'integrity',
    title: 'Integrity and authenticity',
    summary: 'Mentoring only works when people can trust who they are talking to and what they are told.',
    points: [
      'Use your real name and photo, keep one account per person, and never share or sell your account.',
      'Experts list only qualifications, employers and results they can back up; we may ask for proof at any time.',
      'No fake reviews: never write, buy, swap or reward reviews, and never pressure a client over their rating.',
      'Keep payments and contact on Mentora. Do not ask for or offer payment outside the platform, and do not move clients to private phone numbers, e-mail or messaging apps to get around it.',
      'Do not promise outcomes you cannot control, such as a guaranteed job offer, admission or visa.',
    ],
  },
  {
    id: 'prohibited-services',
    title: 'Illegal and prohibited services',
    summary: 'Some services cannot be offered or requested on Mentora, wherever you are.',
    points: [
      'Do not offer, request or arrange anything that is illegal where either participant lives.',
      'Licensed advice only from verified licensed experts: legal, financial, medical, psychological and immigration advice may only be given by experts whose licence we have verified. Others may share their own experience but must say it is not professional advice.',
      'No academic dishonesty: experts must not write assignments, sit exams or tests, or complete graded work for a client. Explaining, coaching and giving feedback are welcome.',
      'Do not sell references, credentials, fake documents or job placements.',
      'Sessions are not a channel for unrelated sales, recruitment into multi-level marketing, or investment pitches.',
    ],
  },
  {
    id: 'youth-safety',
    title: 'Child and youth safety',
    summary: 'Mentora is for adults only: every client and expert must be 18 or over.',
    points: [
      'Do not create an account for, or book a session on behalf of, anyone under 18.',
      'Do not bring a minor into a session or share images or personal details of children.',
      'Any content that sexualises or endangers a minor is banned, and we report it to the authorities.',
      'If you believe a user is under 18, report them; we suspend the account while we check.',
    ],
  },
  {
    id: 'objectionable-content',
    title: 'Objectionable content and safety',
    summary: 'Everyone deserves a respectful, professional space to learn in.',
    points: [
      'No harassment, bullying, hate speech or discrimination based on race, ethnicity, religion, gender, sexual orientation, disability, age or nationality.',
      'No sexual content or unwanted advances in profiles, messages or sessions.',
      'Keep profile photos, videos and shared materials professional and appropriate for work.',
      'Never record a session without the other person’s clear consent.',
      'Do not share another person’s personal information or an employer’s confidential information.',
    ],
  },
  {
    id: 'violence',
    title: 'Violence and unlawful behaviour',
    summary: 'We have zero tolerance for threats, violence and crime.',
    points: [
      'No threats, intimidation or encouragement of violence against anyone, online or offline.',
      'No promotion of terrorism, violent extremism or self-harm. If someone is in immediate danger, contact local emergency services first.',
      'No fraud, scams, phishing, identity theft or money laundering.',
      'Do not stalk anyone or try to find or meet someone who has not agreed to it.',
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    summary: 'Respect other people’s work, and your employer’s.',
    points: [
      'Share only materials you created or have permission to use, and credit your sources.',
      'A client’s CV, portfolio, business ideas and other work shared in a session remain theirs; do not reuse them without permission.',
      'Do not disclose trade secrets or confidential material from current or former employers.',
      'Do not resell or publish session materials or recordings as your own.',
      'Rights holders can report infringing content to us and we will remove it.',
    ],
  },
  {
    id: 'generative-ai',
    title: 'Fair use of generative AI',
    summary: 'AI tools can help, but they must never mislead the people you work with.',
    points: [
      'Disclose significant use of AI, for example when an AI tool drafted the CV feedback, plan or application text you hand over.',
      'The expert a client booked must attend and give the advice in person; AI cannot stand in for them.',
      'No deepfakes: do not create or use AI-generated or altered video, voice or images that impersonate anyone, yourself included.',
      'No fake accounts, AI-generated personas or AI-written reviews.',
      'Do not paste a client’s personal or confidential information into third-party AI tools without their consent.',
    ],
  },
  {
    id: 'enforcement',
    title: 'Reporting and enforcement',
    summary: 'Tell us when something is wrong; we act fairly and quickly.',
    points: [
      'Report a session problem with “No, Report an Issue” when asked to confirm it, or contact us about anything else. Our team replies within 24 hours.',
      'We hear both sides before deciding, and payment for a disputed session stays on hold meanwhile.',
      'Depending on how serious the breach is and on past behaviour, we issue warnings, temporary suspensions or permanent bans.',
      'Serious breaches, such as fraud, threats or any risk to a minor, lead to immediate suspension and possible legal action, including referral to the police.',
      'Retaliating against someone for making a report is itself a breach of these guidelines.',
    ],
  },
];
