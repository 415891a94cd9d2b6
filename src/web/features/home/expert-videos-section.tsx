import { Clapperboard, MessageCircleHeart, ShieldCheck, Video } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { loadFailedMessages } from '@shared/messages-everywhere';
import { introMinutes } from '@shared/pricing';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useHydrated } from '../../lib/use-hydrated';
import { useExpertVideos } from './api/get-expert-videos';
import { SectionHeading } from './section-heading';

// Only fetched when there are videos to show, so the player stays out of the first-load bundle.
const VideoCarousel = lazy(() => import('./video-carousel').then((m) => ({ default: m.VideoCarousel })));

const points = [
  { icon: Clapperboard, text: 'Short clips where experts introduce themselves and how they mentor' },
  { icon: MessageCircleHeart, text: `Get a feel for their style before your free ${introMinutes}-minute intro` },
  { icon: ShieldCheck, text: 'Every expert is screened before their profile goes live' },
];

function PlayerFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex aspect-[4/3] w-full max-w-[300px] sm:aspect-[9/16] flex-col items-center justify-center gap-4 rounded-[2rem] border-2 border-dashed border-slate-300 bg-white/70 p-8 text-center">
      {children}
    </div>
  );
}

function LoadingFrame() {
  return (
    <PlayerFrame>
      <Spinner className="h-10 w-10" label="Loading expert videos" />
    </PlayerFrame>
  );
}

/** 'Hear from Our Experts' with the vertical video carousel; spinner while loading, message when empty. */
export function ExpertVideosSection() {
  const query = useExpertVideos();
  // The player is never server-rendered: its code arrives after the first paint, like a lazy chunk should.
  const hydrated = useHydrated();
  const videos = query.data ?? [];

  return (
    <section aria-labelledby="videos-title" className="bg-slate-50 px-4 py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-14 lg:grid-cols-2 lg:gap-20">
        <div className="min-w-0">
          <SectionHeading
            id="videos-title"
            align="left"
            eyebrow="Meet the mentors"
            title="Hear from Our Experts"
            lead="Listen to the people behind the profiles: what they have learned, who they help and what a session with them looks like."
          />
          <ul className="mt-8 space-y-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="pt-2 text-slate-700">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0">
          {query.isPending || (!hydrated && videos.length > 0) ? (
            <LoadingFrame />
          ) : query.isError ? (
            <PlayerFrame>
              <LoadError
                what={loadFailedMessages.videos}
                error={query.error}
                onRetry={() => query.refetch()}
                retrying={query.isRefetching}
                className="text-left"
              />
            </PlayerFrame>
          ) : videos.length === 0 ? (
            <PlayerFrame>
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Video className="h-7 w-7" aria-hidden />
              </span>
              <p className="font-medium text-slate-700">No expert videos available at the moment.</p>
            </PlayerFrame>
          ) : (
            <Suspense fallback={<LoadingFrame />}>
              <VideoCarousel videos={videos} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
