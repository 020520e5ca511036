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
  /** What is copied: a coupon code, or a link. */
  code: string;
  variant?: 'primary' | 'secondary';
  /** For something other than a coupon code: the button's name, its text and what it says. */
  texts?: { label: string; visible: string; copied: string; failed: string };
}

/** Copies a coupon code (or a link) and says so, visibly and to screen readers, for 3 seconds. */
export function CopyButton({ code, variant = 'secondary', texts }: CopyButtonProps) {
  const { t } = useI18n();
  const words = texts ?? {
    label: t('coupons.copyCode', { code }),
    visible: t('coupons.copy'),
    copied: t('coupons.copied'),
    failed: t('errors.copyFailed'),
  };
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
        aria-label={words.label}
        onClick={() => void copyText(code).then((ok) => setResult(ok ? 'copied' : 'failed'))}
      >
        <Icon name={result === 'copied' ? 'check' : 'copy'} className="size-4" />
        <span aria-hidden="true">{words.visible}</span>
      </button>
      <span
        role="status"
        className={result === 'failed' ? 'text-xs text-red-700 dark:text-red-300' : 'sr-only'}
      >
        {result === 'copied' ? words.copied : result === 'failed' ? words.failed : ''}
      </span>
    </span>
  );
}
