import type { Faq, Step } from './content-types';

/** "How it works" for experts, in order (docs/product.md "Content and timings", "Feedback and reviews"). */
export const expertSteps: readonly Step[] = [
  { title: 'Apply', text: 'Complete a short 5-step application and upload your CV.' },
  { title: 'Get reviewed', text: 'We review every application within 72 hours and invite shortlisted experts to a screening call.' },
  { title: 'Set up your profile', text: 'Choose your rates, availability and cancellation policy. Your profile goes live within a week.' },
  { title: 'Mentor by video', text: 'Meet each new client for a free 15-minute intro, then run paid one-to-one sessions.' },
  { title: 'Get paid', text: 'Payment is released once the client confirms the session, or automatically 72 hours after it ends.' },
];

/** The 15 expert questions (docs/product.md "Content and timings"); answers use the facts of docs/product.md. */
export const expertFaqs: readonly Faq[] = [
  {
    id: 'who',
    question: 'Who can become an expert?',
    answer: [
      'Professionals with real industry experience who enjoy helping others grow: hiring managers, senior practitioners, founders, academics and specialists of every kind. You must be 18 or over.',
      'Applications are made from an expert account. If you already use Mentora as a client, create a separate expert account to apply.',
    ],
  },
  {
    id: 'apply',
    question: 'How do I apply?',
    answer: [
      'The application has 5 steps: your professional title and years of experience (with an optional LinkedIn profile), your CV, up to 3 areas of expertise, why you want to mentor, and optional references.',
      'Your CV can be a PDF or Word document (DOC or DOCX) of up to 5 MB. Most people finish in a few minutes.',
    ],
  },
  {
    id: 'review',
    question: 'How long does the review take?',
    answer: [
      'We review every application within 72 hours and e-mail you the outcome. You can also follow the status on your expert dashboard.',
      'If your application is shortlisted, we invite you to a short screening call to talk about your experience and how you like to mentor.',
    ],
  },
  {
    id: 'go-live',
    question: 'When will my profile go live?',
    answer: ['Most profiles go live within a week of applying, once the screening call is done and your profile, rates and availability are set up.'],
  },
  {
    id: 'expertise',
    question: 'How many areas of expertise can I list?',
    answer: [
      'Up to 3. Pick them from our catalogue of 26 areas, from Job Interview Mastery to Data Science & Analytics, or add your own if none fits.',
      'Our CV analysis can suggest areas based on your experience; you stay in control of the final choice. A focused profile helps the right clients find you.',
    ],
  },
  {
    id: 'rates',
    question: 'How do I set my rates?',
    answer: [
      'You set your own hourly rate. Clients pay in proportion to the length they book, from 15 to 120 minutes, and always see the total before paying.',
      'Most mentors charge $50-$120 per 30-60 minute session. Start with a rate that reflects your experience and adjust it as your reviews grow.',
    ],
  },
  {
    id: 'availability',
    question: 'How do I manage my availability?',
    answer: [
      'You decide when you are available: set your weekly hours in your own time zone and block out dates when you are away. Clients can only book the times you have opened.',
    ],
  },
  {
    id: 'intro',
    question: 'What is the free introductory meeting?',
    answer: [
      'Every new connection starts with a free 15-minute intro between you and the client. It is not paid, and each client gets one with each expert.',
      'Use it to understand the client’s goals and explain how you can help. A clear, friendly intro is the best way to turn a first conversation into regular sessions.',
    ],
  },
  {
    id: 'payment',
    question: 'When and how do I get paid?',
    answer: [
      'The client pays when they book, and we hold the payment securely. It is released to you once the client confirms the session took place.',
      'If the client does not confirm, the payment is released automatically 72 hours after the session ends, as long as no dispute has been raised.',
    ],
  },
  {
    id: 'cancellation-policy',
    question: 'Which cancellation policy should I choose?',
    answer: [
      'You choose one of three policies, shown to clients before they book. Flexible: full refund until 24 hours before the session, 50% after. Moderate: full refund until 72 hours before, 50% after. Strict: full refund until 7 days before, no refund after.',
      'Flexible policies tend to attract more first-time bookings; stricter ones protect your time for long or heavily prepared sessions.',
    ],
  },
  {
    id: 'decline-reschedule',
    question: 'Can I decline, reschedule or cancel a session?',
    answer: [
      'Yes. You can decline a request that is outside your expertise, and reschedule by agreeing a new time with the client.',
      'If you cancel a session, the client always gets a full refund, whatever your policy. Frequent cancellations hurt your standing, so keep your availability up to date.',
    ],
  },
  {
    id: 'disputes',
    question: 'What happens if a client reports an issue?',
    answer: [
      'The payment stays on hold and our team contacts both of you within 24 hours to hear each side. We then release the payment to you or refund the client, depending on what we find.',
    ],
  },
  {
    id: 'reviews',
    question: 'How do reviews work?',
    answer: [
      'After a session, the client rates you on expertise, communication, punctuality, value and whether they would recommend you. Your average rating and review count appear on your profile.',
      'Only clients who had a session with you can leave a review, and nobody can review themselves. Clients can also leave private comments that only our team reads.',
    ],
  },
  {
    id: 'guidelines',
    question: 'What rules do experts follow?',
    answer: [
      'Everyone on Mentora follows our Community Guidelines. Key rules: keep payments and contact on the platform, never buy or swap reviews, give licensed advice (legal, financial, medical) only if we have verified your licence, and never help with academic dishonesty.',
      'Breaking the guidelines can lead to a warning, a suspension or a permanent ban.',
    ],
  },
  {
    id: 'contact',
    question: 'Who can I contact with questions?',
    answer: ['Send us a message from the contact page and our team will reply within 24 hours, whether you are still applying or already mentoring.'],
  },
];
