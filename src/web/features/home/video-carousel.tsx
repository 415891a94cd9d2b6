import { ChevronLeft, ChevronRight, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { delays } from '@shared/constants';
import type { ExpertVideo } from '@shared/schemas/expert-videos';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { nextIndex, prevIndex, selectIndex } from './carousel-index';
import { useReducedMotion } from './use-reduced-motion';

const roundButton =
  'flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm transition hover:border-brand-200 hover:text-brand-700';

/**
 * Vertical short-video carousel of expert clips (docs/product.md "Content and timings"):
 * portrait player with a play/pause overlay and mute toggle, previous/next arrows, dots and a scrolling
 * thumbnail strip. The index wraps around and ignores out-of-range requests; a video ending moves to the
 * next; when playing, the new video restarts after `delays.restartPlayMs` (100 ms); changing video pauses
 * the others; the mute flag applies to the current video. WAI-ARIA carousel pattern; never auto-advances
 * unless the visitor pressed play. Expects a non-empty list.
 */
export function VideoCarousel({ videos }: { videos: readonly ExpertVideo[] }) {
  const count = videos.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  // Which video is waiting for data: leaving it hides the spinner without resetting state in an effect.
  const [bufferingAt, setBufferingAt] = useState<number | null>(null);
  const buffering = bufferingAt === index;
  const videoRefs = useRef<(HTMLVideoElement | null)[]>([]);
  const stripRef = useRef<HTMLDivElement>(null);
  const playingRef = useRef(false);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    playingRef.current = playing;
  }, [playing]);

  // Changing video pauses the others; if we were playing, the new one restarts after a short delay.
  useEffect(() => {
    videoRefs.current.forEach((v, i) => {
      if (v && i !== index) v.pause();
    });
    const current = videoRefs.current[index];
    if (!current || !playingRef.current) return;
    const timer = window.setTimeout(() => {
      current.currentTime = 0;
      current.play().catch(() => setPlaying(false));
    }, delays.restartPlayMs);
    return () => window.clearTimeout(timer);
  }, [index]);

  useEffect(() => {
    const current = videoRefs.current[index];
    if (current) current.muted = muted;
  }, [muted, index]);

  // Keep the active thumbnail in view without scrolling the page.
  useEffect(() => {
    const strip = stripRef.current;
    const thumb = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !thumb) return;
    strip.scrollTo({ left: thumb.offsetLeft - strip.clientWidth / 2 + thumb.clientWidth / 2, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [index, reducedMotion]);

  const goTo = (target: number) => setIndex((i) => selectIndex(i, target, count));
  const next = () => setIndex((i) => nextIndex(i, count));
  const prev = () => setIndex((i) => prevIndex(i, count));

  const togglePlay = () => {
    const current = videoRefs.current[index];
    if (!current) return;
    if (current.paused) {
      current.muted = muted;
      current.play().catch(() => setPlaying(false));
    } else {
      current.pause();
    }
  };

  const PlayIcon = playing ? Pause : Play;

  return (
    <section aria-roledescription="carousel" aria-label="Expert videos" className="mx-auto w-full max-w-md">
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[300px] overflow-hidden rounded-[2rem] bg-slate-900 shadow-2xl shadow-brand-900/30 ring-1 ring-slate-900/10">
        <div aria-live={playing ? 'off' : 'polite'} className="absolute inset-0">
          {videos.map((v, i) => (
            <div key={v.id} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} hidden={i !== index} className="absolute inset-0">
              {v.posterUrl ? null : <Initials name={v.expertName} className="absolute inset-0 items-start pt-28 text-6xl tracking-wide text-white/90" />}
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- experts upload a clip without a caption file: Mentora has no caption upload yet */}
              <video
                ref={(el) => {
                  videoRefs.current[i] = el;
                }}
                src={v.url}
                poster={v.posterUrl ?? undefined}
                preload={i === index ? 'metadata' : 'none'}
                playsInline
                aria-label={`${v.expertName}, ${v.expertRole}`}
                className="relative h-full w-full object-cover"
                onPlay={() => i === index && setPlaying(true)}
                onPause={(e) => i === index && !e.currentTarget.ended && setPlaying(false)}
                onEnded={() => i === index && next()}
                onWaiting={() => i === index && setBufferingAt(i)}
                onPlaying={() => i === index && setBufferingAt(null)}
              />
              <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-slate-950/90 via-slate-950/60 to-transparent px-5 pb-5 pt-16 text-white">
                <p className="font-semibold">{v.expertName}</p>
                <p className="text-sm text-slate-200">{v.expertRole}</p>
                <Link
                  to={`/expert/${encodeURIComponent(v.expertSlug)}`}
                  className="pointer-events-auto mt-1 inline-block rounded py-0.5 text-sm font-semibold leading-6 text-white underline underline-offset-4 hover:text-indigo-100 focus-visible:outline-white"
                >
                  View profile<span className="sr-only"> of {v.expertName}</span>
                </Link>
              </div>
            </div>
          ))}
        </div>
        <button
          type="button"
          onClick={togglePlay}
          aria-label={playing ? 'Pause video' : 'Play video'}
          className="group absolute inset-0 flex cursor-pointer items-center justify-center focus-visible:outline-white focus-visible:-outline-offset-4"
        >
          {buffering ? (
            <Spinner className="h-12 w-12 border-white/30 border-t-white" label="Loading video" />
          ) : (
            <span
              className={cn(
                'flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg backdrop-blur transition group-hover:scale-105',
                playing && 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100',
              )}
            >
              <PlayIcon className={cn('h-7 w-7 fill-current', !playing && 'translate-x-0.5')} aria-hidden />
            </span>
          )}
        </button>
        <button
          type="button"
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? 'Unmute video' : 'Mute video'}
          aria-pressed={muted}
          className="absolute right-3 top-3 z-20 flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-slate-950/60 text-white backdrop-blur transition hover:bg-slate-950/80 focus-visible:outline-white"
        >
          {muted ? <VolumeX className="h-5 w-5" aria-hidden /> : <Volume2 className="h-5 w-5" aria-hidden />}
        </button>
      </div>

      <div className="mt-6 flex items-center justify-center gap-3">
        <button type="button" onClick={prev} aria-label="Previous video" className={roundButton}>
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </button>
        <div className="flex flex-wrap items-center justify-center">
          {videos.map((v, i) => (
            <button
              key={v.id}
              type="button"
              onClick={() => goTo(i)}
              aria-label={`Go to video ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className="group flex h-6 min-w-6 cursor-pointer items-center justify-center px-0.5"
            >
              <span className={cn('h-2 rounded-full transition-all', i === index ? 'w-5 bg-brand-600' : 'w-2 bg-slate-300 group-hover:bg-slate-400')} />
            </button>
          ))}
        </div>
        <button type="button" onClick={next} aria-label="Next video" className={roundButton}>
          <ChevronRight className="h-5 w-5" aria-hidden />
        </button>
      </div>

      <div
        ref={stripRef}
        className="relative mt-5 flex snap-x gap-3 overflow-x-auto px-4 py-2 [mask-image:linear-gradient(to_right,transparent,black_1rem,black_calc(100%-1rem),transparent)] [scrollbar-width:thin]"
      >
        {videos.map((v, i) => (
          <button
            key={v.id}
            type="button"
            onClick={() => goTo(i)}
            aria-label={`${v.expertName}, ${v.expertRole}`}
            aria-current={i === index ? 'true' : undefined}
            className={cn(
              'relative aspect-[9/16] w-16 shrink-0 cursor-pointer snap-center overflow-hidden rounded-xl bg-slate-200 transition',
              i === index ? 'ring-2 ring-brand-600 ring-offset-2' : 'opacity-70 hover:opacity-100',
            )}
          >
            {v.posterUrl ? (
              <img src={v.posterUrl} alt="" width={64} height={114} loading="lazy" decoding="async" className="h-full w-full object-cover" />
            ) : (
              <Initials name={v.expertName} className="h-full text-sm" />
            )}
          </button>
        ))}
      </div>
    </section>
  );
}

/** Stand-in for a missing poster: the expert's initials on the brand gradient. Decorative. */
function Initials({ name, className }: { name: string; className?: string }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span aria-hidden className={cn('flex items-center justify-center bg-gradient-to-br from-brand-600 to-violet-800 font-semibold text-white', className)}>
      {letters}
    </span>
  );
}
