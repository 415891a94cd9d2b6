/**
 * The public pages that are not about one expert or workshop, as sitemap.xml lists them (docs/product.md "Pages
 * people can find and share"). Each is rendered on the server with its own description and canonical URL
 * (src/web/entry-server.tsx, src/web/app/page-head.ts).
 */
export const listedPages = [
  '/',
  '/results',
  '/workshops',
  '/about',
  '/community-guidelines',
  '/how-it-works/client',
  '/how-it-works/expert',
  '/partner/university',
  '/partner/recruitment',
  '/international-students',
] as const;
