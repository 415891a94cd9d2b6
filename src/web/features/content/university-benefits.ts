import type { RuleSection } from './content-types';

/** The 5 collapsible benefits on the university partner page (docs/product.md "Enquiries"). */
export const universityBenefits: readonly RuleSection[] = [
  {
    id: 'bulk-credits',
    title: 'Credit for your students’ sessions',
    summary: 'Give students paid one-to-one mentoring without asking them to pay.',
    points: [
      'Your university holds credit in US dollars: buy it by card at any time, or pay an invoice by bank transfer.',
      'Each purchase comes with a receipt by e-mail and as a PDF; credit you buy does not expire.',
      'Run several programmes from the one balance, for a faculty, a course or a cohort.',
      'When a student books, the covered part is set aside from your credit; a cancellation gives it back by the session’s cancellation policy.',
    ],
  },
  {
    id: 'co-branded-workshops',
    title: 'Sponsored workshops',
    summary: 'Group workshops led by our experts, offered with your university’s name.',
    points: [
      'CV and LinkedIn clinics, mock interviews, industry panels and career-change sessions, live online.',
      'Reserve up to 50 seats of a workshop for the students of a programme; the workshop page shows it is offered with your university.',
      'Seats are paid from your credit only when a student takes one; seats nobody takes return to public sale 48 hours before the start.',
    ],
  },
  {
    id: 'access-codes',
    title: 'Access codes and invitations',
    summary: 'Simple, controlled access for the students you choose.',
    points: [
      'Each programme has its own code; students enter it on their account page or when they book.',
      'Let in anyone with the code, students with a verified address at your university’s e-mail domains, or only the list of addresses you upload.',
      'You set what it covers (sessions, workshop seats, free intros), how many sessions or dollars per student each month or in total, the most it pays of a session, its experts or area, and its dates.',
      'When a programme pays the whole price no card is asked; otherwise the student pays the rest by card.',
      'Pause or end a programme, or remove a student, at any time: sessions already booked stay funded.',
    ],
  },
  {
    id: 'pilots',
    title: 'Pilot programmes',
    summary: 'Start small, measure, then scale what works.',
    points: [
      'Begin with a pilot for a single faculty, course or student group.',
      'We can grant free pilot credit that runs until a date we agree; you are reminded 14 and 3 days before it ends.',
      'Agree the goals and success measures with us before launch, and review the results together at the end.',
    ],
  },
  {
    id: 'reporting',
    title: 'Reporting and outcomes',
    summary: 'Clear evidence of what your investment achieves.',
    points: [
      'A live report: credit available, reserved and spent, spending per week, and per programme its members and the sessions booked, completed and cancelled.',
      'CSV exports of the credit ledger and of the sessions funded, and a monthly statement by e-mail with a PDF.',
      'You see who booked with whom and when — never students’ topics, messages or feedback, and students are told so when they join.',
    ],
  },
];
