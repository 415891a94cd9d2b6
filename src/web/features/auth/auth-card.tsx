import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** Centred card used by every step of the sign-in screen. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-20">
      <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-slate-700">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
