import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { ActionError } from '../../../components/ui/action-error';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { downloadFile, type DownloadProgress } from '../../../lib/download';
import { formatNumber } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';

function formatSize(bytes: number, language: 'ar' | 'en'): string {
  if (bytes < 1024) return `${formatNumber(bytes, language)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024), language)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface DownloadButtonProps {
  label: string;
  /** The API path, query included; null while the form's values are not valid. */
  path: string | null;
  fallbackName: string;
  variant?: ButtonProps['variant'];
  onInvalid?: () => void;
}

/**
 * Downloads a streamed CSV and shows, while it arrives, how many rows and bytes have come (a
 * large store's export takes a while); then says what was saved, or why it failed.
 */
export function DownloadButton({
  label,
  path,
  fallbackName,
  variant = 'secondary',
  onInvalid,
}: DownloadButtonProps) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [result, setResult] = useState<{ name: string; lines: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);

  async function start() {
    if (!path) {
      onInvalid?.();
      return;
    }
    if (running.current) return;
    running.current = true;
    setError(null);
    setResult(null);
    setProgress({ bytes: 0, lines: 0 });
    try {
      const saved = await downloadFile(path, { fallbackName, onProgress: setProgress });
      setResult({ name: saved.name, lines: saved.lines });
    } catch (caught) {
      setError(caught);
    } finally {
      running.current = false;
      setProgress(null);
    }
  }

  // Rows are lines less the header.
  const rows = (lines: number) => formatNumber(Math.max(0, lines - 1), language);
  return (
    <div className="space-y-2">
      <Button variant={variant} onClick={() => void start()} loading={progress !== null}>
        {progress ? null : <Download aria-hidden="true" className="size-4" />}
        {label}
      </Button>
      <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {progress
          ? t('export.progress', {
              rows: rows(progress.lines),
              size: formatSize(progress.bytes, language),
            })
          : result
            ? t('export.done', { name: result.name, rows: rows(result.lines) })
            : ''}
      </p>
      {error ? (
        <ActionError message={{ key: 'customers:export.failed' }} detail={failureDetail(error)} />
      ) : null}
    </div>
  );
}
