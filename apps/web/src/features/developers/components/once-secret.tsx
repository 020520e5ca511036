import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A secret shown once, with a copy button (it is never shown again). */
export function OnceSecret({
  label,
  secret,
  testId,
}: {
  label: string;
  secret: string;
  testId: string;
}) {
  const { t } = useTranslation('developers');
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/50 dark:bg-amber-500/10"
      data-testid={testId}
      role="status"
    >
      <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          dir="ltr"
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {secret}
        </code>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
    </div>
  );
}
