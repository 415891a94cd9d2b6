/**
 * Route table. Every page but the landing page is a lazy chunk, so the first load stays small.
 * Each page module default-exports its component. The browser builds its router from it (main.tsx), the
 * server renders the public pages from it (entry-server.tsx).
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './route-error';
import { Layout } from './layout';
import LandingPage from '../features/home/landing-page';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/about', lazy: page(() => import('../features/content/about-page')) },
      { path: '/community-guidelines', lazy: page(() => import('../features/content/community-guidelines-page')) },
      { path: '/workshops', lazy: page(() => import('../features/content/workshops-page')) },
      { path: '/how-it-works/client', lazy: page(() => import('../features/content/client-faq-page')) },
      { path: '/how-it-works/expert', lazy: page(() => import('../features/content/expert-faq-page')) },
      { path: '/how-it-works/partner', lazy: page(() => import('../features/enquiries/partner-enquiry-page')) },
      { path: '/partner/university', lazy: page(() => import('../features/content/university-partner-page')) },
      { path: '/partner/recruitment', lazy: page(() => import('../features/content/recruitment-partner-page')) },
      { path: '/international-students', lazy: page(() => import('../features/content/international-students-page')) },
      { path: '/contact', lazy: page(() => import('../features/enquiries/contact-page')) },
      { path: '/search', lazy: page(() => import('../features/enquiries/search-request-page')) },
      { path: '/results', lazy: page(() => import('../features/experts/results-page')) },
      { path: '/expert/:id', lazy: page(() => import('../features/experts/expert-profile-page')) },
      { path: '/signup', lazy: page(() => import('../features/auth/signup-page')) },
      { path: '/login', lazy: page(() => import('../features/auth/signup-page')) },
      { path: '/reset-password', lazy: page(() => import('../features/auth/reset-password-page')) },
      { path: '/account', lazy: page(() => import('../features/account/account-page')) },
      { path: '/dashboard/client', lazy: page(() => import('../features/dashboard/client-dashboard-page')) },
      { path: '/dashboard/expert', lazy: page(() => import('./expert-dashboard-route')) },
      { path: '/expert/application', lazy: page(() => import('../features/applications/application-page')) },
      { path: '/expert/application-landing', lazy: page(() => import('../features/applications/application-landing-page')) },
      { path: '/dashboard/expert/availability', lazy: page(() => import('../features/availability/availability-page')) },
      { path: '/dashboard/expert/profile', lazy: page(() => import('../features/expert-profile-editor/expert-profile-page')) },
      { path: '/dashboard/expert/payouts', lazy: page(() => import('../features/payouts/payouts-page')) },
      {
        path: '/admin',
        lazy: page(() => import('../features/admin/admin-console-page')),
        children: [
          { index: true, element: <Navigate to="applications" replace /> },
          { path: 'applications', lazy: page(() => import('../features/admin/applications-page')) },
          { path: 'applications/:id', lazy: page(() => import('../features/admin/application-detail-page')) },
          { path: 'disputes', lazy: page(() => import('../features/admin/disputes-page')) },
          { path: 'disputes/:id', lazy: page(() => import('../features/admin/dispute-detail-page')) },
          { path: 'inbox', lazy: page(() => import('../features/admin/inbox-page')) },
          { path: 'audit', lazy: page(() => import('../features/admin/audit-page')) },
        ],
      },
      { path: '/payment', lazy: page(() => import('../features/sessions/payment-page')) },
      { path: '/session/confirm/:sessionId', lazy: page(() => import('../features/sessions/confirm-page')) },
      { path: '/session/:sessionId', lazy: page(() => import('../features/sessions/session-page')) },
      { path: '/expert/:id/feedback', lazy: page(() => import('../features/feedback/feedback-page')) },
      { path: '/expert/:id/private-feedback', lazy: page(() => import('../features/feedback/private-feedback-page')) },
      { path: '/expert-application', element: <Navigate to="/expert/application-landing" replace /> },
      { path: '*', lazy: page(() => import('../features/content/not-found-page')) },
    ],
  },
];
