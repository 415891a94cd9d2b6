/** Copy of the expert application landing page (docs/product.md "Expert applications"): steps, benefits and FAQ. */

export const applySteps = [
  {
    title: 'Apply',
    text: 'Tell us about your experience, upload your CV and pick up to three areas you mentor in. It takes about two minutes.',
  },
  {
    title: 'Review',
    text: 'Our team reads every application within 72 hours and may invite you to a short screening call to get to know you.',
  },
  {
    title: 'Start mentoring',
    text: 'Once approved, set your rate, availability and cancellation policy. Your profile goes live within a week and clients can book you.',
  },
] as const;

export const expertBenefits = [
  { title: 'Your rate, your hours', text: 'Most mentors charge $50-$120 for a 30-60 minute session. You choose the price and the times clients can book.' },
  { title: 'Paid for every session', text: "The client's payment is held securely when they book and released to you once the session has taken place." },
  {
    title: 'Clients who want to grow',
    text: 'Students, recent graduates and early-career professionals looking for real-world advice from people who have done the job.',
  },
] as const;

export const applicationFaqs = [
  {
    q: 'Who can become a Mentora expert?',
    a: 'Professionals with real experience in their field who enjoy helping others. There is no minimum seniority: a few years in a role can be exactly what a student needs to hear about. You must be over 18.',
  },
  {
    q: 'What do I need to apply?',
    a: 'Your professional title, your years of experience, a CV (PDF or Word, up to 5MB) and a few sentences about why you want to mentor. A LinkedIn profile and a reference are optional but help us review faster.',
  },
  {
    q: 'How long does the review take?',
    a: 'We reply within 72 hours. If your application looks like a good fit, we arrange a short screening call, and once approved your profile goes live within a week.',
  },
  {
    q: 'Who can see my CV?',
    a: 'Only you and the Mentora team. Your CV is stored privately, is never published on your profile and is used only to review your application and suggest your areas of expertise.',
  },
  {
    q: 'How much can I earn?',
    a: 'You set your own hourly rate. Most mentors charge between $50 and $120 per 30-60 minute session. Every new connection starts with a free 15-minute introductory meeting, so clients can check the fit before they pay.',
  },
  {
    q: 'How do sessions take place?',
    a: 'Over video. Each booking comes with a meeting link and a calendar invite for you and the client.',
  },
  {
    q: 'What if I need to cancel or reschedule?',
    a: 'You choose a cancellation policy for your profile, and you can cancel a booked session with a reason from the session page. The client is refunded according to the policy and told straight away.',
  },
] as const;
