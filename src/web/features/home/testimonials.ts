/**
 * The three success stories on the landing page: a marketing graduate, a finance professional and
 * a product manager, each with the expert who mentored them. Images are local illustrated avatars.
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
    name: 'Priya Sharma',
    role: 'Marketing Graduate',
    quote:
      'I had the degree but no idea how to stand out. Three sessions with Emily reshaped my portfolio and my interview answers, and I accepted my first digital marketing role a month later.',
    image: '/images/testimonials/priya.svg',
    expertName: 'Emily Carter',
    expertRole: 'Head of Brand Marketing',
    expertImage: '/images/testimonials/emily.svg',
  },
  {
    id: 'finance-professional',
    name: 'James Okafor',
    role: 'Finance Professional',
    quote:
      'Michael walked me through how investment teams actually hire. His mock case interviews were tougher than the real thing, which is exactly why I felt calm on the day.',
    image: '/images/testimonials/james.svg',
    expertName: 'Michael Torres',
    expertRole: 'Investment Banking Director',
    expertImage: '/images/testimonials/michael.svg',
  },
  {
    id: 'product-manager',
    name: 'Sofia Martinez',
    role: 'Product Manager',
    quote:
      'Working with Daniel gave me a clear plan for the leadership skills I was missing. Six months on, I lead my own product squad and run roadmap reviews with confidence.',
    image: '/images/testimonials/sofia.svg',
    expertName: 'Daniel Kim',
    expertRole: 'Group Product Manager',
    expertImage: '/images/testimonials/daniel.svg',
  },
];
