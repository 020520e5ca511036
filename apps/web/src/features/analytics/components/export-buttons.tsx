import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Analytics } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { downloadCsv } from '../lib/csv';
import { EXPORT_TABLES, buildCsv, type ExportTable } from '../lib/export-tables';

/** One CSV file per table on screen, made in the browser from the loaded figures. */
export function ExportButtons({ data }: { data: Analytics }) {
  const { t } = useTranslation('analytics');
  const text = t as unknown as (key: string) => string;
  function handleExport(table: ExportTable) {
    const file = buildCsv(table, data, text);
    downloadCsv(file.fileName, file.text);
  }
  return (
    <div
      role="group"
      aria-labelledby="export-heading"
      className="flex flex-wrap items-center gap-2"
    >
      <span
        id="export-heading"
        className="flex items-center gap-1.5 text-sm font-semibold text-slate-700 dark:text-slate-200"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('export.heading')}
      </span>
      {EXPORT_TABLES.map((table) => (
        <Button
          key={table}
          variant="secondary"
          size="sm"
          data-testid={`export-${table}`}
          onClick={() => handleExport(table)}
        >
          {t(`export.${table}`)}
        </Button>
      ))}
    </div>
  );
}
