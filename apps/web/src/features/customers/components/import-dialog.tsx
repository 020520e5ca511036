import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileCheck2, Upload } from 'lucide-react';
import { IMPORT_MAX_BYTES, type ImportResult } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
import { useImportBalances } from '../api/change-customer';

/** The file's text as UTF-8 (FileReader: every browser the back-office supports has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * Opening balances from another loyalty app: the merchant picks a CSV, sees what a dry run finds
 * (rows ready, each problem row and why), then imports the rows that are ready. Each customer gets
 * one opening balance, whatever file brings it. When the import wrote fewer rows than the check
 * found ready (another import got to some customers first), the dialog stays open and shows what
 * was imported and each row left, with its reason.
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('customers');
  const { t: common } = useTranslation('common');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showToast = useToast();
  const importer = useImportBalances();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  /** The import's own report, when it differs from the check (rows ready were left). */
  const [applied, setApplied] = useState<{ result: ImportResult; ready: number } | null>(null);

  function reset() {
    setFile(null);
    setChecked(null);
    setApplied(null);
    setReadFailed(false);
    importer.reset();
  }

  async function pick(chosen: File | undefined) {
    setChecked(null);
    setApplied(null);
    importer.reset();
    setReadFailed(false);
    if (!chosen) return setFile(null);
    try {
      setFile({ name: chosen.name, text: await readText(chosen) });
    } catch {
      setFile(null);
      setReadFailed(true);
    }
  }

  function check() {
    if (!file) return;
    importer.mutate({ csv: file.text, dryRun: true }, { onSuccess: setChecked });
  }

  function apply() {
    if (!file || !checked) return;
    const ready = checked.good;
    importer.mutate(
      { csv: file.text, dryRun: false },
      {
        onSuccess: (result) => {
          showToast({
            key: 'customers:import.done',
            values: { count: result.good, points: formatNumber(result.points, language) },
          });
          if (result.good < ready) {
            setChecked(result);
            setApplied({ result, ready });
            return;
          }
          reset();
          onOpenChange(false);
        },
      },
    );
  }

  const n = (value: number) => formatNumber(value, language);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('import.title')}
      description={t('import.description')}
      size="lg"
      busy={importer.isPending}
      testId="import-dialog"
    >
      <div className="space-y-5">
        <div className="space-y-1.5">
          <label
            htmlFor="import-file"
            className="block text-sm font-medium text-slate-900 dark:text-white"
          >
            {t('import.file')}
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => void pick(event.target.files?.[0])}
            className="block w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 dark:text-slate-300 dark:file:bg-brand-500/15 dark:file:text-brand-200"
          />
          <p id="import-file-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {t('import.fileHint')}
          </p>
          {readFailed || (file && new Blob([file.text]).size > IMPORT_MAX_BYTES) ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {readFailed ? t('import.readFailed') : common('errors.PAYLOAD_TOO_LARGE')}
            </p>
          ) : null}
        </div>

        {checked ? (
          <div className="space-y-3" data-testid="import-check">
            <p role="status" className="font-semibold text-slate-900 dark:text-white">
              {applied
                ? t('import.appliedPartly', {
                    good: n(applied.result.good),
                    ready: n(applied.ready),
                  })
                : t('import.summary', {
                    rows: n(checked.rows),
                    good: n(checked.good),
                    points: n(checked.points),
                  })}
            </p>
            {checked.good === 0 && !applied ? (
              <p className="text-sm text-amber-800 dark:text-amber-200">
                {t('import.nothingToImport')}
              </p>
            ) : null}
            {checked.problems.length > 0 ? (
              <div className="space-y-2">
                <h3 className="text-sm font-bold text-slate-900 dark:text-white">
                  {t('import.problemsHeading')}
                </h3>
                <div className="max-h-64 overflow-auto rounded-xl border border-slate-200 dark:border-slate-800">
                  <table className="w-full text-start text-sm" data-testid="import-problems">
                    <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                      <tr>
                        <th scope="col" className="px-3 py-2 text-start">
                          {t('import.line')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-start">
                          {t('import.value')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-start">
                          {t('import.problem')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {checked.problems.map((row) => (
                        <tr key={`${row.line}-${row.problem}`} data-testid="import-problem">
                          <td className="px-3 py-2">
                            <bdi>{n(row.line)}</bdi>
                          </td>
                          <td className="px-3 py-2">
                            <bdi dir="ltr">{row.value}</bdi>
                          </td>
                          <td className="px-3 py-2">{t(`import.problems.${row.problem}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ) : null}
          </div>
        ) : null}

        {importer.isError ? (
          <ActionError
            message={{ key: 'customers:import.failed' }}
            detail={failureDetail(importer.error)}
          />
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          {applied ? null : checked && checked.good > 0 ? (
            <Button onClick={apply} loading={importer.isPending}>
              {importer.isPending ? null : <Upload aria-hidden="true" className="size-4" />}
              {t('import.apply', { count: checked.good })}
            </Button>
          ) : (
            <Button onClick={check} disabled={!file} loading={importer.isPending}>
              {importer.isPending ? null : <FileCheck2 aria-hidden="true" className="size-4" />}
              {t('import.check')}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
