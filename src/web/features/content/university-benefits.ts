import type { RuleSection } from './content-types';

/** The 5 collapsible benefits on the university partner page (docs/product.md "Enquiries"). */
export const universityBenefits: readonly RuleSection[] = [
  {
    id: 'bulk-credits',
    title: 'Bulk session credits',
    summary: 'Give students paid one-to-one mentoring without asking them to pay.',
    points: [
      'Buy prepaid session credits in bulk at a volume rate, invoiced to the university.',
      'Allocate credits by faculty, course or cohort, or keep a central pool for your careers service.',
      'Students redeem credits with any expert in the network, from a free 15-minute intro to a full session.',
      'Unused credits roll over for the term of the agreement.',
    ],
  },
  {
    id: 'co-branded-workshops',
    title: 'Co-branded workshops',
    summary: 'Career workshops led by our experts, carrying your university’s brand.',
    points: [
      'CV and LinkedIn clinics, mock interview days, industry panels and career-change sessions.',
      'Delivered live online, so students on every campus, and those studying remotely, can join.',
      'Timed around your careers calendar, orientation weeks and graduate recruitment seasons.',
      'Subsidised group pricing from AUD 10-20 per student when group workshops launch.',
    ],
  },
  {
    id: 'access-codes',
    title: 'Access codes',
    summary: 'Simple, controlled access for the students you choose.',
    points: [
      'Unique codes that eligible students enter when they book; no card needed.',
      'You set who can use each code, how many sessions it covers and when it expires.',
      'Hand codes out through your careers portal, course pages or student societies.',
      'Switch off a code at any time if it is shared beyond its audience.',
    ],
  },
  {
    id: 'pilots',
    title: 'Pilot programmes',
    summary: 'Start small, measure, then scale what works.',
    points: [
      'Begin with a one-semester pilot for a single faculty, course or student group.',
      'Agree the goals and success measures with us before launch.',
      'A dedicated partnership contact helps with onboarding and student communications.',
      'Review the results together at the end of the pilot before deciding on a wider rollout.',
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
