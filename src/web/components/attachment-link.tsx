/** A message's attachment as a download link with its name and size (docs/product.md "Messages"). */
import { Paperclip } from 'lucide-react';
import type { MessageView } from '@shared/schemas/conversations';
import { cn } from '../lib/cn';

export function AttachmentLink({ attachment, className }: { attachment: NonNullable<MessageView['attachment']>; className?: string }) {
  return (
    <a href={attachment.url} download={attachment.name} className={cn('flex items-center gap-1.5 font-medium underline underline-offset-2', className)}>
      <Paperclip className="h-4 w-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-all">{attachment.name}</span>
      <span className="shrink-0 font-normal">({Math.max(1, Math.round(attachment.sizeBytes / 1024))} KB)</span>
    </a>
  );
}
