import type { REFERRAL_DEFAULT_MAX_AMOUNT_SAR, ReferralReward } from '@nuqat/contracts';
import { formatCurrency, formatNumber } from './format';
import type { Translator } from './i18n';

// The contract's cap of a percentage without one of its own, by type only (no zod here).
const DEFAULT_CAP_SAR: typeof REFERRAL_DEFAULT_MAX_AMOUNT_SAR = 100;

/** "20 SAR off", "10% off (up to 100 SAR)", "free shipping". */
export function referralRewardText(
  reward: Pick<ReferralReward, 'type' | 'value' | 'maxAmount'>,
  { t, language }: Pick<Translator, 't' | 'language'>,
): string {
  switch (reward.type) {
    case 'fixed':
      return t('referral.reward.fixed', { amount: formatCurrency(reward.value, language) });
    case 'percentage':
      return t('referral.reward.percentage', {
        percent: formatNumber(reward.value, language),
        cap: formatCurrency(reward.maxAmount ?? DEFAULT_CAP_SAR, language),
      });
    case 'shipping':
      return t('referral.reward.shipping');
  }
}

export interface ShareLink {
  id: 'whatsapp' | 'x' | 'email';
  href: string;
}

/** Where the shopper can send their link, each with the message already written. */
export function shareLinks({
  text,
  subject,
}: {
  /** The whole message, the link inside it. */
  text: string;
  subject: string;
}): ShareLink[] {
  const encoded = encodeURIComponent(text);
  return [
    { id: 'whatsapp', href: `https://wa.me/?text=${encoded}` },
    { id: 'x', href: `https://twitter.com/intent/tweet?text=${encoded}` },
    {
      id: 'email',
      href: `mailto:?subject=${encodeURIComponent(subject)}&body=${encoded}`,
    },
  ];
}
