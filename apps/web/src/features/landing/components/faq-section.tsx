import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { FAQ_ITEMS, SECTION_IDS } from '../constants';
import { SectionHeading } from './section-heading';

/**
 * What a merchant asks before installing: trial, cancelling, what happens to points on uninstall,
 * where the data lives. Native <details>: works before the script loads, keyboard and screen
 * readers included. (It replaces the spec's results figures — stores served, rating,
 * satisfaction — which the product cannot prove; issue 15.)
 */
export function FaqSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id={SECTION_IDS.faq}
      aria-labelledby="faq-title"
      className="scroll-mt-16 bg-white py-16 lg:py-24 dark:bg-slate-950"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" title={t('faq.title')} subtitle={t('faq.subtitle')} />
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {FAQ_ITEMS.map((item) => (
            <details key={item} className="group" data-faq={item}>
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:text-white [&::-webkit-details-marker]:hidden">
                {t(`faq.items.${item}.question`)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 leading-relaxed text-slate-600 dark:text-slate-300">
                {t(`faq.items.${item}.answer`)}
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
