import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A card of the customer's account page with its heading. */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </Card>
  );
}
