import type { Faq, Step } from './content-types';

/** "How it works" for clients, in order (docs/product.md "Content and timings"). */
export const clientSteps: readonly Step[] = [
  { title: 'Find an expert', text: 'Browse vetted experts by industry, skill or goal, or tell us what you need and we will suggest a match.' },
  { title: 'Book a time', text: 'Start with a free 15-minute intro, then pick a date, a time and a length from 15 to 120 minutes.' },
  { title: 'Pay securely', text: 'Pay by card when you book. Your payment is held until you confirm the session took place.' },
  { title: 'Meet by video', text: 'Join with the video link from your booking confirmation or your dashboard.' },
  { title: 'Confirm and leave feedback', text: 'Confirm the session happened so your expert is paid, then rate your experience.' },
];

/** The 13 client questions (docs/product.md "Content and timings"); answers use the facts of docs/product.md. */
export const clientFaqs: readonly Faq[] = [
  {
    id: 'find-expert',
    question: 'How do I find the right expert?',
    answer: [
      'Open Find an Expert to browse the whole network. Every profile shows the expert’s role, areas of expertise, languages, rating and reviews from past clients, so you can compare before you book.',
      'Not sure who to pick? Send a custom expert match request from the search page: describe your goals in a few lines and we will point you to the experts best placed to help.',
    ],
  },
  {
    id: 'free-intro',
    question: 'Is the first meeting really free?',
    answer: [
      'Yes. Every new connection starts with a free 15-minute introductory meeting with each new expert. You pay nothing for it.',
      'Use it to share your goals, ask how the expert works and check that you are a good fit before you book a paid session.',
    ],
  },
  {
    id: 'cost',
    question: 'How much does a session cost?',
    answer: [
      'Each expert sets their own hourly rate, shown on their profile. Most mentors charge $50-$120 per 30-60 minute session.',
      'The price of a session is the hourly rate multiplied by its length, so a 30-minute session with a $100-an-hour expert costs $50. You always see the total before you pay, with no hidden fees.',
    ],
  },
  {
    id: 'durations',
    question: 'How long can a session be?',
    answer: [
      'You choose the length when you book: 15, 30, 45, 60, 90 or 120 minutes. One hour is the default and suits most first sessions.',
      'Short sessions work well for a focused question such as a CV review; longer ones suit mock interviews or career planning.',
    ],
  },
  {
    id: 'payment',
    question: 'How does payment work, and when is the expert paid?',
    answer: [
      'You pay by card when you book. We hold the payment securely instead of passing it straight to the expert.',
      'After the session you confirm that it took place, and only then is the payment released to the expert. If you neither confirm nor report a problem within 72 hours of the session’s end, it is confirmed automatically.',
    ],
  },
  {
    id: 'cancellation',
    question: 'What happens if I need to cancel?',
    answer: [
      'Each expert chooses a cancellation policy, shown on their profile before you book. Flexible: full refund until 24 hours before the session, 50% after that. Moderate: full refund until 72 hours before, 50% after. Strict: full refund until 7 days before, no refund after.',
      'If your expert cancels, you always get a full refund. To move a session, cancel it within your refund window and book a new time.',
    ],
  },
  {
    id: 'report-issue',
    question: 'What if something goes wrong with a session?',
    answer: [
      'If the expert did not show up or the session did not happen as booked, choose “No, Report an Issue” when you are asked to confirm the session, and tell us what happened.',
      'Your payment stays on hold while we look into it, and our team will reply within 24 hours. If we find in your favour, you are refunded.',
    ],
  },
  {
    id: 'video',
    question: 'How do sessions take place?',
    answer: [
      'Sessions run by video call. You will find the link in your booking confirmation and on the session page in your dashboard.',
      'Join a few minutes early from a quiet place, check your camera and microphone, and have your CV, questions or portfolio to hand.',
    ],
  },
  {
    id: 'eligibility',
    question: 'Who can use Mentora?',
    answer: [
      'Anyone aged 18 or over. Most of our clients are students, recent graduates and early-career professionals, but experienced people changing careers are just as welcome.',
      'You can browse experts without an account; you need to sign in to book.',
    ],
  },
  {
    id: 'feedback',
    question: 'How do reviews and feedback work?',
    answer: [
      'After you confirm a session, you can rate your expert on expertise, communication, punctuality, value and whether you would recommend them. These ratings appear on the expert’s profile and help other clients choose.',
      'There is also a private comments box that only our team can read, for anything you would rather not share publicly.',
    ],
  },
  {
    id: 'international',
    question: 'I am an international student. Can Mentora help?',
    answer: [
      'Yes. Many of our experts studied or built careers abroad and can help with international CVs, understanding a new job market, visa and immigration questions and building a network from scratch.',
      'Visit our International Students page to see the programmes and find a mentor who has been in your position.',
    ],
  },
  {
    id: 'group-workshops',
    question: 'Do you offer group workshops?',
    answer: [
      'Yes. Career Development Workshops are small live group sessions led by our experts, from $10-15 per person. Browse them on the Workshops page and book a seat; your payment is held until the workshop has taken place.',
      'Each workshop page shows the expert, the time in your own zone, the seats left and the price per seat. Free workshops need no card.',
    ],
  },
  {
    id: 'contact',
    question: 'How can I contact the Mentora team?',
    answer: [
      'Send us a message from the contact page at any time. We reply within 24 hours.',
      'For a problem with a specific session, report it from that session instead so we have all the details straight away.',
    ],
  },
];
