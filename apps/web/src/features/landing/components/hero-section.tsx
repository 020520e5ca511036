import { ArrowDown, Eye, Gift, Sparkles, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { HERO_EXAMPLE_POINTS, PARTNER_LOGOS, SECTION_IDS, sectionHref } from '../constants';
import { useLandingLanguage } from '../hooks/use-landing-language';
import { PartnerLogo } from './partner-logo';
import { useLandingSupport } from '../lib/landing-support';

export function HeroSection() {
  const { t } = useTranslation('landing');
  const { language } = useLandingLanguage();
  const support = useLandingSupport();

  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-brand-50 via-white to-white pt-16 dark:from-brand-950 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)] lg:py-24">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-700/20 dark:bg-brand-500/15 dark:text-brand-200 dark:ring-brand-400/30">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white"
          >
            {t('hero.title')}
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
            {t('hero.subtitle')}
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              href={sectionHref(SECTION_IDS.subscription)}
              className={buttonClasses({ size: 'lg' })}
            >
              {t('hero.subscribe')}
              <ArrowDown aria-hidden="true" className="size-5" />
            </a>
            {/* The read-only demo where it runs, else the sign-in page (decision 044). */}
            <a
              href={support?.demo ? '/demo' : '/login'}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              {t('hero.preview')}
              <Eye aria-hidden="true" className="size-4" />
            </a>
          </div>
          <figure className="flex items-center gap-4 pt-2">
            <div className="flex items-center gap-3">
              <PartnerLogo
                src={PARTNER_LOGOS.nuqat}
                name={t('hero.partners.nuqat.name')}
                initial={t('hero.partners.nuqat.initial')}
              />
              <span aria-hidden="true" className="text-xl font-bold text-slate-400">
                ×
              </span>
              <PartnerLogo
                src={PARTNER_LOGOS.salla}
                name={t('hero.partners.salla.name')}
                initial={t('hero.partners.salla.initial')}
              />
            </div>
            <figcaption className="text-sm font-semibold text-slate-600 dark:text-slate-300">
              {t('hero.partnership')}
            </figcaption>
          </figure>
        </div>

        <figure className="relative mx-auto w-full max-w-sm">
          <div
            aria-hidden="true"
            className="absolute -inset-6 rounded-[2.5rem] bg-brand-500/15 blur-2xl dark:bg-brand-400/10"
          />
          <div className="relative space-y-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-center justify-between">
              <span className="text-sm font-medium text-slate-600 dark:text-slate-300">
                {t('hero.example.balance')}
              </span>
              <Star aria-hidden="true" className="size-5 fill-amber-400 text-amber-400" />
            </div>
            <p className="flex items-baseline gap-2">
              <bdi className="text-5xl font-extrabold text-brand-700 dark:text-brand-300">
                {formatNumber(HERO_EXAMPLE_POINTS, language)}
              </bdi>
              <span className="text-base font-semibold text-slate-600 dark:text-slate-300">
                {t('hero.example.points')}
              </span>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('hero.example.earned')}</p>
            <div className="flex items-center gap-3 rounded-2xl bg-amber-50 p-4 dark:bg-amber-500/10">
              <Gift aria-hidden="true" className="size-6 shrink-0 text-amber-600" />
              <div>
                <p className="text-sm font-bold text-amber-900 dark:text-amber-100">
                  {t('hero.example.reward')}
                </p>
                <p className="text-xs text-amber-800 dark:text-amber-200">
                  {t('hero.example.redeem')}
                </p>
              </div>
            </div>
          </div>
          <figcaption className="relative mt-4 text-center text-sm text-slate-600 dark:text-slate-400">
            {t('hero.example.caption')}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
