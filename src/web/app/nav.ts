/** Header navigation (docs/product.md "Accounts and sign-in"). */
export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; links: NavLink[] };

export const navGroups: (NavGroup | NavLink)[] = [
  {
    label: 'About',
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Community guidelines', to: '/community-guidelines' },
    ],
  },
  { label: 'Contact', to: '/contact' },
  {
    label: 'How it Works',
    links: [
      { label: 'For clients', to: '/how-it-works/client' },
      { label: 'For experts', to: '/how-it-works/expert' },
    ],
  },
  {
    label: 'Partners',
    links: [
      { label: 'Universities', to: '/partner/university' },
      { label: 'Recruitment agencies', to: '/partner/recruitment' },
    ],
  },
  { label: 'Find an Expert', to: '/results' },
  { label: 'Become an Expert', to: '/expert/application-landing' },
];

export const isGroup = (item: NavGroup | NavLink): item is NavGroup => 'links' in item;
