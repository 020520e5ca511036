import { Trans, useTranslation } from 'react-i18next';
import { BadgeCheck } from 'lucide-react';
import type { PlanId } from '@nuqat/contracts';
import { formatDate } from '../../../lib/format';

export interface SubscriptionBannerProps {
  plan: PlanId | null;
  expiryDate: string;
}

/** Spec §2: shown only while the subscription is active (the screen decides when). */
export function SubscriptionBanner({ plan, expiryDate }: SubscriptionBannerProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <section
      aria-label={t('subscription.title')}
      data-testid="subscription-banner"
      className="dot-grid relative overflow-hidden rounded-2xl bg-brand-700 p-5 text-white shadow-sm sm:p-6 dark:bg-brand-800"
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15">
          <BadgeCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1">
          <p className="text-lg font-bold">{t('subscription.title')}</p>
          <p className="text-sm leading-relaxed text-white/90">
            <Trans
              t={t}
              i18nKey="subscription.body"
              values={{
                plan: t(`subscription.plans.${plan ?? 'none'}`),
                date: formatDate(expiryDate, language),
              }}
              components={{ n: <bdi className="font-semibold" /> }}
            />
          </p>
        </div>
      </div>
    </section>
  );
}
