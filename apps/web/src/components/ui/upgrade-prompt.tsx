import type { ComponentType } from 'react';
import { ExternalLink } from 'lucide-react';
import { SUPPORT } from '@nuqat/contracts';
import { Card } from './card';

export interface UpgradePromptProps {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: string;
  action: string;
  testId: string;
}

/** A Growth-plan feature on a starter store: what it would do, and the upgrade at Salla's store. */
export function UpgradePrompt({ icon: Icon, title, text, action, testId }: UpgradePromptProps) {
  return (
    <Card className="space-y-4 p-6 text-center sm:p-8" data-testid={testId}>
      <Icon aria-hidden="true" className="mx-auto size-10 text-brand-600" />
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      <p className="mx-auto max-w-prose text-slate-600 dark:text-slate-400">{text}</p>
      <a
        href={SUPPORT.sallaAppStore}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:text-slate-950"
      >
        {action}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </Card>
  );
}
