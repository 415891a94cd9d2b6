import { useState } from 'react';
import type { MyWorkshopView } from '@shared/schemas/workshops';
import { Button } from '../../components/ui/button';
import { WorkshopForm } from './workshop-form';

/**
 * 'Edit' on the expert's list (docs/product.md "Workshops", "Editing"): the workshop's form filled in, its start in
 * the expert's zone `timeZone`; attendees are told what changes.
 */
export function EditWorkshop({ workshop, timeZone }: { workshop: MyWorkshopView; timeZone: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outline" size="sm" className="mt-3 mr-2" onClick={() => setOpen(true)} aria-label={`Edit ${workshop.title}`}>
        Edit
      </Button>
    );
  return (
    <div className="mt-3 rounded-xl border border-slate-200 p-4">
      <WorkshopForm timeZone={timeZone} workshop={workshop} onDone={() => setOpen(false)} />
    </div>
  );
}
