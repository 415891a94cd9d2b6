/**
 * The three success stories on the landing page: a marketing graduate, a finance professional and
 * a product manager, each with the expert who mentored them. The clients are illustrative people whose names no
 * expert bears; the experts are the demo catalogue's own (name, role and avatar as on their profile), so the page
 * never credits a mentor the catalogue does not have (docs/product.md "Content and timings").
 */
export type Testimonial = {
  id: string;
  name: string;
  role: string;
  quote: string;
  image: string;
  expertName: string;
  expertRole: string;
  expertImage: string;
};

export const testimonials: readonly Testimonial[] = [
  {
    id: 'marketing-graduate',
    name: 'Nadia Haddad',
    role: 'Marketing Graduate',
    quote:
      'I had the degree but no idea how to stand out. Three sessions with Emily reshaped my portfolio and my interview answers, and I accepted my first digital marketing role a month later.',
    image: '/images/testimonials/nadia.svg',
    expertName: 'Emily Rodriguez',
    expertRole: 'Marketing Director',
    expertImage: '/avatars/emily-rodriguez.svg',
  },
  {
    id: 'finance-professional',
    name: 'Ethan Clarke',
    role: 'Finance Professional',
    quote:
      'James walked me through how consulting and finance teams actually hire. His mock case interviews were tougher than the real thing, which is exactly why I felt calm on the day.',
    image: '/images/testimonials/ethan.svg',
    expertName: 'James Okafor',
    expertRole: 'Management Consultant',
    expertImage: '/avatars/james-okafor.svg',
  },
  {
    id: 'product-manager',
    name: 'Lucía Romero',
    role: 'Product Manager',
    quote:
      'Working with Sarah gave me a clear plan for the prioritisation and stakeholder skills I was missing. Six months on, I lead my own product squad and run roadmap reviews with confidence.',
    image: '/images/testimonials/lucia.svg',
    expertName: 'Sarah Chen',
    expertRole: 'Senior Product Manager',
    expertImage: '/avatars/sarah-chen.svg',
  },
];
