import { useEffect, useState } from 'react';
import type { UI_TIMING } from '@nuqat/contracts';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { buttonClass } from './ui';

const FEEDBACK_MS: (typeof UI_TIMING)['toastMs'] = 3000;

/**
 * The Clipboard API, else the old copy command: in a cross-origin iframe the API needs the
 * store's `allow="clipboard-write"`, which a store page may not give.
 */
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

export interface CopyButtonProps {
  code: string;
  variant?: 'primary' | 'secondary';
}

/** Copies a coupon code and says so, visibly and to screen readers, for three seconds. */
export function CopyButton({ code, variant = 'secondary' }: CopyButtonProps) {
  const { t } = useI18n();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        className={buttonClass(variant, undefined, 'sm')}
        aria-label={t('coupons.copyCode', { code })}
        onClick={() => void copyText(code).then((ok) => setResult(ok ? 'copied' : 'failed'))}
      >
        <Icon name={result === 'copied' ? 'check' : 'copy'} className="size-4" />
        <span aria-hidden="true">{t('coupons.copy')}</span>
      </button>
      <span
        role="status"
        className={result === 'failed' ? 'text-xs text-red-700 dark:text-red-300' : 'sr-only'}
      >
        {result === 'copied'
          ? t('coupons.copied')
          : result === 'failed'
            ? t('errors.copyFailed')
            : ''}
      </span>
    </span>
  );
}
