import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UI_TIMING } from '@nuqat/contracts';
import { cn } from '../../../lib/cn';

/** The Clipboard API, else the old copy command (an older browser, or one that refuses it). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/**
 * The coupon code, always left to right (Latin letters and digits, as Salla shows it), with a
 * button that copies it and says so for a few seconds, visibly and to screen readers.
 */
export function CouponCode({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation('coupons');
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), UI_TIMING.toastMs);
    return () => window.clearTimeout(timer);
  }, [result]);

  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <code
        dir="ltr"
        className="rounded-md bg-slate-100 px-2 py-1 font-mono whitespace-nowrap text-xs font-semibold tracking-wide text-slate-800 dark:bg-slate-800 dark:text-slate-100"
      >
        {code}
      </code>
      <button
        type="button"
        aria-label={t('copy.label', { code })}
        title={t('copy.label', { code })}
        onClick={() => void copyText(code).then((ok) => setResult(ok ? 'copied' : 'failed'))}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-lg transition-colors',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          result === 'copied'
            ? 'text-emerald-600 dark:text-emerald-400'
            : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100',
        )}
      >
        {result === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
      </button>
      <span
        role="status"
        className={result === 'failed' ? 'text-xs text-red-700 dark:text-red-300' : 'sr-only'}
      >
        {result === 'copied' ? t('copy.copied') : result === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
