import { Play, Video } from 'lucide-react';
import { useState } from 'react';

/** The hero's play button (docs/product.md "Expert applications"): pressing it shows a placeholder where the introduction video will go. */
export function VideoPlaceholder() {
  const [open, setOpen] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 shadow-lg">
      {open ? (
        <div role="status" className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-white">
          <Video className="h-10 w-10 opacity-80" aria-hidden />
          <p className="text-lg font-semibold">Our expert introduction video is coming soon</p>
          <p className="max-w-sm text-sm text-brand-100">Meanwhile, the steps and answers below explain how mentoring on Mentora works.</p>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="group flex h-full w-full cursor-pointer flex-col items-center justify-center gap-3 text-white"
          aria-label="Play the introduction video"
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-md transition-transform group-hover:scale-105">
            <Play className="ml-1 h-7 w-7" aria-hidden />
          </span>
          <span className="text-sm font-medium">What mentoring on Mentora looks like</span>
        </button>
      )}
    </div>
  );
}
