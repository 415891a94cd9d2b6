/**
 * Demo work for the team console on a fresh start (docs/product.md "Team console"): two expert applications waiting for review
 * (from demo applicants with expert accounts) and a contact message in the inbox, so /admin shows the real
 * review flow at once. The applications carry no CV (the "CV upload failed, but your application will
 * still be submitted" case); applicants upload theirs through the wizard.
 */
import type { Db, Tx } from '../db/client.js';
import { contactMessages, expertApplications } from '../db/schema.js';
import type { CreateLogins } from './demo-logins.js';

export async function seedConsole(db: Db | Tx, createLogins: CreateLogins): Promise<void> {
  const [jamal, lucia] = await createLogins([
    { email: 'jamal.reed@example.com', firstName: 'Jamal', lastName: 'Reed', role: 'expert' },
    { email: 'lucia.ferrari@example.com', firstName: 'Lucia', lastName: 'Ferrari', role: 'expert' },
  ]);
  await db.insert(expertApplications).values([
    {
      userId: jamal!,
      professionalTitle: 'Senior UX Researcher',
      yearsExperience: '6-10',
      linkedinProfile: 'https://www.linkedin.com/in/jamal-reed-ux',
      selectedExpertise: ['Graphics & Design', 'Job Interview Mastery'],
      whyExpert:
        'I have hired and mentored a dozen junior researchers. I want to help career changers build a research portfolio that shows their thinking, and practise the interviews that decide UX offers.',
      referenceName: 'Dana Whitfield',
      referencePosition: 'Head of Design, Brightline Health',
      referenceEmail: 'dana.whitfield@example.com',
      status: 'submitted',
    },
    {
      userId: lucia!,
      professionalTitle: 'Corporate Finance Manager (ACCA)',
      yearsExperience: '11-15',
      selectedExpertise: ['Finance & Consulting', 'Professional Certifications', 'Leadership Skills'],
      whyExpert:
        'I sat the ACCA exams while working full time and now lead a finance team of nine. I would like to help graduates plan their certifications and step into their first management role.',
      status: 'under_review',
    },
  ]);
  await db.insert(contactMessages).values({
    name: 'Priya Natarajan',
    email: 'priya.natarajan@example.com',
    subject: 'Group booking for our student society',
    message: 'Hello! Our university consulting society would like to book a series of sessions for 20 members. Do you offer group rates or credits?',
  });
}
