import { useTranslation } from 'react-i18next';
import { Crown, ExternalLink } from 'lucide-react';
import { SUPPORT } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';

/** A starter store: what tiers would do, and where to upgrade (the /members prompt's shape). */
export function TiersUpgrade() {
  const { t } = useTranslation('tiers');
  return (
    <Card className="space-y-4 p-6 text-center sm:p-8" data-testid="tiers-upgrade">
      <Crown aria-hidden="true" className="mx-auto size-10 text-brand-600" />
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('upgrade.title')}</h2>
      <p className="mx-auto max-w-prose text-slate-600 dark:text-slate-400">{t('upgrade.text')}</p>
      <a
        href={SUPPORT.sallaAppStore}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:text-slate-950"
      >
        {t('upgrade.action')}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </Card>
  );
}
