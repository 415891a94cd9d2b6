/**
 * Route table. Every page but the landing page is a lazy chunk, so the first load stays small.
 * Each page module default-exports its component. The browser builds its router from it (main.tsx), the
 * server renders the public pages from it (entry-server.tsx).
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { titled } from './page-title';
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
      { path: '/about', handle: titled('About'), lazy: page(() => import('../features/content/about-page')) },
      { path: '/community-guidelines', handle: titled('Community Guidelines'), lazy: page(() => import('../features/content/community-guidelines-page')) },
      { path: '/workshops', handle: titled('Workshops'), lazy: page(() => import('../features/workshops/workshops-page')) },
      // The workshop's page names the workshop itself (useDocumentTitle) once it has loaded.
      { path: '/workshops/:id', handle: titled(null), lazy: page(() => import('./workshop-route')) },
      { path: '/how-it-works/client', handle: titled('How It Works for Clients'), lazy: page(() => import('../features/content/client-faq-page')) },
      { path: '/how-it-works/expert', handle: titled('How It Works for Experts'), lazy: page(() => import('../features/content/expert-faq-page')) },
      { path: '/how-it-works/partner', handle: titled('Partner with Mentora'), lazy: page(() => import('../features/enquiries/partner-enquiry-page')) },
      { path: '/partner/university', handle: titled('University Partnerships'), lazy: page(() => import('../features/content/university-partner-page')) },
      { path: '/partner/recruitment', handle: titled('Recruitment Partnerships'), lazy: page(() => import('../features/content/recruitment-partner-page')) },
      { path: '/partner', handle: titled('Your Organisations'), lazy: page(() => import('../features/partners/partner-page')) },
      { path: '/partner/:id', handle: titled('Organisation'), lazy: page(() => import('../features/partners/organisation-page')) },
      { path: '/partner/invitations/:token', handle: titled('Manager Invitation'), lazy: page(() => import('../features/partners/invitation-page')) },
      {
        path: '/partner/:id/programmes/:programmeId',
        handle: titled('Programme'),
        lazy: page(() => import('../features/partners/programme-page')),
      },
      { path: '/programmes/join/:token', handle: titled('Join a Programme'), lazy: page(() => import('../features/partners/join-programme-page')) },
      {
        path: '/international-students',
        handle: titled('International Students'),
        lazy: page(() => import('../features/content/international-students-page')),
      },
      { path: '/contact', handle: titled('Contact Us'), lazy: page(() => import('../features/enquiries/contact-page')) },
      { path: '/search', handle: titled('Request a Custom Expert Match'), lazy: page(() => import('../features/enquiries/search-request-page')) },
      { path: '/results', handle: titled('Find an Expert'), lazy: page(() => import('../features/experts/results-page')) },
      // The profile names its expert itself (useDocumentTitle) once the profile has loaded.
      { path: '/expert/:id', handle: titled(null), lazy: page(() => import('./expert-profile-route')) },
      { path: '/expert/:id/packages/:packageId', handle: titled('Buy a session package'), lazy: page(() => import('../features/packages/buy-package-page')) },
      { path: '/expert/:id/plans/:planId', handle: titled('Subscribe to a monthly plan'), lazy: page(() => import('../features/plans/subscribe-page')) },
      { path: '/plans/:id/confirm-renewal', handle: titled('Confirm your plan’s renewal'), lazy: page(() => import('../features/plans/confirm-renewal-page')) },
      { path: '/signup', handle: titled('Sign Up'), lazy: page(() => import('../features/auth/signup-page')) },
      { path: '/login', handle: titled('Sign In'), lazy: page(() => import('../features/auth/signup-page')) },
      { path: '/reset-password', handle: titled('Reset Your Password'), lazy: page(() => import('../features/auth/reset-password-page')) },
      { path: '/account', handle: titled('Your Account'), lazy: page(() => import('../features/account/account-page')) },
      { path: '/dashboard/client', handle: titled('Client Dashboard'), lazy: page(() => import('./client-dashboard-route')) },
      { path: '/dashboard/expert', handle: titled('Expert Dashboard'), lazy: page(() => import('./expert-dashboard-route')) },
      { path: '/expert/application', handle: titled('Apply to Mentor'), lazy: page(() => import('../features/applications/application-page')) },
      {
        path: '/expert/application-landing',
        handle: titled('Become an Expert'),
        lazy: page(() => import('../features/applications/application-landing-page')),
      },
      { path: '/dashboard/expert/availability', handle: titled('Availability'), lazy: page(() => import('../features/availability/availability-page')) },
      {
        path: '/dashboard/expert/profile',
        handle: titled('Edit Your Profile'),
        lazy: page(() => import('../features/expert-profile-editor/expert-profile-page')),
      },
      { path: '/dashboard/expert/packages', handle: titled('Session packages'), lazy: page(() => import('../features/packages/expert-packages-page')) },
      { path: '/dashboard/expert/plans', handle: titled('Monthly plans'), lazy: page(() => import('../features/plans/expert-plans-page')) },
      { path: '/dashboard/expert/workshops', handle: titled('Group Workshops'), lazy: page(() => import('../features/workshops/my-workshops-page')) },
      { path: '/dashboard/expert/payouts', handle: titled('Payouts'), lazy: page(() => import('../features/payouts/payouts-page')) },
      {
        path: '/admin',
        handle: titled('Team Console'),
        lazy: page(() => import('../features/admin/admin-console-page')),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', handle: titled('Dashboard · Team Console'), lazy: page(() => import('../features/admin/dashboard-page')) },
          { path: 'applications', handle: titled('Applications · Team Console'), lazy: page(() => import('../features/admin/applications-page')) },
          { path: 'applications/:id', handle: titled('Application · Team Console'), lazy: page(() => import('../features/admin/application-detail-page')) },
          { path: 'disputes', handle: titled('Disputes · Team Console'), lazy: page(() => import('../features/admin/disputes-page')) },
          { path: 'disputes/:id', handle: titled('Dispute · Team Console'), lazy: page(() => import('../features/admin/dispute-detail-page')) },
          { path: 'inbox', handle: titled('Inbox · Team Console'), lazy: page(() => import('../features/admin/inbox-page')) },
          { path: 'message-reports', handle: titled('Message Reports · Team Console'), lazy: page(() => import('../features/admin/message-reports-page')) },
          {
            path: 'message-reports/:id',
            handle: titled('Message Report · Team Console'),
            lazy: page(() => import('../features/admin/message-report-page')),
          },
          { path: 'sessions', handle: titled('Sessions · Team Console'), lazy: page(() => import('../features/admin/sessions-page')) },
          { path: 'sessions/:id', handle: titled('Session · Team Console'), lazy: page(() => import('../features/admin/session-detail-page')) },
          { path: 'payment-retries', handle: titled('Payment Retries · Team Console'), lazy: page(() => import('../features/admin/payment-retries-page')) },
          { path: 'organisations', handle: titled('Organisations · Team Console'), lazy: page(() => import('../features/admin/organisations-page')) },
          {
            path: 'organisations/:id',
            handle: titled('Organisation · Team Console'),
            lazy: page(() => import('../features/admin/organisation-detail-page')),
          },
          { path: 'users', handle: titled('Users · Team Console'), lazy: page(() => import('../features/admin/users-page')) },
          { path: 'users/:id', handle: titled('User · Team Console'), lazy: page(() => import('../features/admin/user-detail-page')) },
          { path: 'audit', handle: titled('Audit Log · Team Console'), lazy: page(() => import('../features/admin/audit-page')) },
        ],
      },
      { path: '/messages', handle: titled('Messages'), lazy: page(() => import('../features/messages/messages-page')) },
      { path: '/messages/:id', handle: titled('Messages'), lazy: page(() => import('../features/messages/messages-page')) },
      { path: '/payment', handle: titled('Payment'), lazy: page(() => import('../features/sessions/payment-page')) },
      { path: '/session/confirm/:sessionId', handle: titled('Confirm Your Session'), lazy: page(() => import('../features/sessions/confirm-page')) },
      { path: '/session/:sessionId', handle: titled('Session Details'), lazy: page(() => import('../features/sessions/session-page')) },
      { path: '/expert/:id/feedback', handle: titled('Leave Feedback'), lazy: page(() => import('../features/feedback/feedback-page')) },
      { path: '/expert/:id/private-feedback', handle: titled('Private Feedback'), lazy: page(() => import('../features/feedback/private-feedback-page')) },
      { path: '/expert-application', element: <Navigate to="/expert/application-landing" replace /> },
      { path: '*', handle: titled('Page Not Found'), lazy: page(() => import('../features/content/not-found-page')) },
    ],
  },
];
