import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LedgerExportQuerySchema } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { searchOf } from '../api/query-keys';
import { DownloadButton } from './download-button';

/** A Riyadh calendar day, `days` ago. */
function riyadhDay(daysAgo: number): string {
  return new Date(Date.now() + 3 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Every ledger row of the store in a date range, as a streamed CSV. */
export function LedgerExport() {
  const { t } = useTranslation('customers');
  const [from, setFrom] = useState(() => riyadhDay(30));
  const [to, setTo] = useState(() => riyadhDay(0));
  const [showInvalid, setShowInvalid] = useState(false);
  const valid = LedgerExportQuerySchema.safeParse({ from, to }).success;

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">
          {t('export.ledgerHeading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('export.ledgerDescription')}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <div>
          <label
            htmlFor="ledger-from"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('export.from')}
          </label>
          <Input
            id="ledger-from"
            type="date"
            dir="ltr"
            value={from}
            aria-invalid={(showInvalid && !valid) || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div>
          <label
            htmlFor="ledger-to"
            className="mb-1.5 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            {t('export.to')}
          </label>
          <Input
            id="ledger-to"
            type="date"
            dir="ltr"
            value={to}
            aria-invalid={(showInvalid && !valid) || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <div className="sm:pt-6">
          <DownloadButton
            label={t('export.ledger')}
            path={valid ? `/api/merchants/customers/ledger.csv${searchOf({ from, to })}` : null}
            fallbackName={`ledger-${from}-${to}.csv`}
            onInvalid={() => setShowInvalid(true)}
          />
        </div>
      </div>
      {showInvalid && !valid ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('export.rangeInvalid')}
        </p>
      ) : null}
    </Card>
  );
}
