import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PLANS, PLAN_IDS, SUPPORT, type PlanId } from '@nuqat/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { SECTION_IDS } from '../constants';
import { useLandingLanguage } from '../hooks/use-landing-language';
import { planFeatureList } from '../lib/plan-features';
import { ExternalLink } from './external-link';
import { SectionHeading } from './section-heading';

const SUBSCRIBE_STEPS = ['install', 'choose', 'launch'] as const;

function PlanCard({ planId }: { planId: PlanId }) {
  const { t } = useTranslation('landing');
  const { language } = useLandingLanguage();
  const plan = PLANS[planId];
  const { includes, features } = planFeatureList(planId);

  return (
    <li
      data-plan={planId}
      data-highlight={plan.highlight}
      className={cn(
        'relative flex flex-col rounded-3xl border p-6 shadow-sm transition duration-200 sm:p-8',
        'hover:border-brand-500 hover:shadow-2xl hover:ring-2 hover:ring-brand-500/30 motion-safe:hover:-translate-y-2',
        'focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
        plan.highlight
          ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20 dark:border-brand-500 dark:bg-brand-950'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      {plan.highlight ? (
        <span className="absolute -top-3.5 start-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white dark:bg-brand-400 dark:text-slate-950">
          {t('pricing.popular')}
        </span>
      ) : null}
      <h3 className="text-xl font-bold">{t(`plans.${planId}.name`)}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t(`plans.${planId}.tagline`)}
      </p>
      <p className="mt-6 flex flex-wrap items-baseline gap-2">
        <bdi className="text-4xl font-extrabold">{formatCurrency(plan.priceSar, language)}</bdi>
        <span className="text-sm text-slate-600 dark:text-slate-300">{t('pricing.perMonth')}</span>
      </p>
      <p className="mt-2 text-sm font-semibold text-brand-800 dark:text-brand-300">
        {plan.monthlyOrderLimit === null
          ? t('pricing.unlimited')
          : t('pricing.orders', { formatted: formatNumber(plan.monthlyOrderLimit, language) })}
      </p>
      {includes ? (
        <p className="mt-6 text-sm font-semibold">
          {t('pricing.everythingIn', { plan: t(`plans.${includes}.name`) })}
        </p>
      ) : null}
      <ul className={cn('space-y-3 text-sm', includes ? 'mt-3' : 'mt-6')}>
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <Check
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300"
            />
            {t(`planFeatures.${feature}`)}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-8">
        <ExternalLink
          href={SUPPORT.sallaAppStore}
          className={buttonClasses({
            variant: plan.highlight ? 'primary' : 'secondary',
            size: 'lg',
            className: 'w-full',
          })}
        >
          {t('pricing.subscribe')}
        </ExternalLink>
      </div>
    </li>
  );
}

/** The two plans of spec §9 (#pricing) and how to subscribe (#subscription). */
export function PricingSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id={SECTION_IDS.pricing}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-slate-50 py-16 lg:py-24 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          title={t('pricing.title')}
          subtitle={t('pricing.subtitle')}
        />
        <div id={SECTION_IDS.subscription} className="scroll-mt-24">
          <ul className="grid gap-8 md:grid-cols-2">
            {PLAN_IDS.map((planId) => (
              <PlanCard key={planId} planId={planId} />
            ))}
          </ul>
          <div className="mt-12 rounded-3xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <h3 className="text-lg font-bold">{t('pricing.howTo.title')}</h3>
            <ol className="mt-4 grid gap-4 md:grid-cols-3">
              {SUBSCRIBE_STEPS.map((step, index) => (
                <li key={step} className="flex items-start gap-3 text-sm">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white dark:bg-brand-400 dark:text-slate-950">
                    <bdi>{index + 1}</bdi>
                  </span>
                  <span className="pt-1 text-slate-700 dark:text-slate-200">
                    {t(`pricing.howTo.steps.${step}`)}
                  </span>
                </li>
              ))}
            </ol>
            <ExternalLink
              href={SUPPORT.sallaAppStore}
              className={buttonClasses({ variant: 'link', className: 'mt-6' })}
            >
              {t('pricing.howTo.cta')}
            </ExternalLink>
          </div>
        </div>
      </div>
    </section>
  );
}
