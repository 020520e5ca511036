import { useTranslation } from 'react-i18next';
import { RESULT_FIGURES, SECTION_IDS } from '../constants';
import { useLandingLanguage } from '../hooks/use-landing-language';
import { formatFigure } from '../lib/format-figure';
import { SectionHeading } from './section-heading';

/** The marketing figures of spec §1. */
export function ResultsSection() {
  const { t } = useTranslation('landing');
  const { language } = useLandingLanguage();
  const templates = {
    multiple: (value: string) => t('results.multiple', { value }),
    atLeast: (value: string) => t('results.atLeast', { value }),
    outOf: (value: string, max: string) => t('results.outOf', { value, max }),
  };

  return (
    <section
      id={SECTION_IDS.results}
      aria-labelledby="results-title"
      className="scroll-mt-16 bg-brand-800 py-16 text-white lg:py-24 dark:bg-brand-950"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="results-title"
          title={t('results.title')}
          subtitle={t('results.subtitle')}
          inverted
        />
        <ul className="flex flex-wrap justify-center gap-4">
          {RESULT_FIGURES.map((figure) => (
            <li
              key={figure.id}
              data-figure={figure.id}
              className="flex w-[calc(50%-0.5rem)] flex-col items-center gap-1 rounded-3xl bg-white/10 px-4 py-6 text-center ring-1 ring-white/15 sm:w-56"
            >
              <bdi dir="ltr" className="text-4xl font-extrabold tracking-tight text-amber-300">
                {formatFigure(figure, language, templates)}
              </bdi>
              <span className="text-sm font-medium text-brand-50">
                {t(`results.items.${figure.id}`)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
