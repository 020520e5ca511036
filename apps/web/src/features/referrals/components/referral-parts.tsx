import { Trans, useTranslation } from 'react-i18next';
import {
  REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
  REFERRAL_WEEKLY_CAP,
  type Language,
  type MerchantReferral,
  type ReferralStatus,
} from '@nuqat/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../../lib/format';

type SideCoupon = MerchantReferral['friendReward'];

const STATUS_TONES: Record<ReferralStatus, BadgeTone> = {
  pending: 'yellow',
  completed: 'green',
  reversed: 'grey',
  blocked: 'red',
};

const n = <bdi className="font-semibold" />;

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const { t } = useTranslation('referrals');
  return <Badge tone={STATUS_TONES[status]}>{t(`list.statuses.${status}`)}</Badge>;
}

/** Why a referral was blocked or reversed, in a sentence; nothing for the others. */
export function ReferralReason({ referral }: { referral: MerchantReferral }) {
  const { t } = useTranslation('referrals');
  if (!referral.reason || (referral.status !== 'blocked' && referral.status !== 'reversed'))
    return null;
  return (
    <p
      className={cn(
        'max-w-72 text-xs leading-relaxed',
        referral.status === 'blocked'
          ? 'text-red-700 dark:text-red-300'
          : 'text-slate-600 dark:text-slate-300',
      )}
      data-testid="referral-reason"
    >
      {t(`list.reasons.${referral.reason}`, { cap: REFERRAL_WEEKLY_CAP })}
    </p>
  );
}

/** The status badge with its reason below. */
export function ReferralStatusCell({ referral }: { referral: MerchantReferral }) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <ReferralStatusBadge status={referral.status} />
      <ReferralReason referral={referral} />
    </div>
  );
}

/** A code (the invitation's or a coupon's), always left to right. */
export function Code({ children }: { children: string }) {
  return (
    <code
      dir="ltr"
      className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold tracking-wide break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100"
    >
      {children}
    </code>
  );
}

/** The inviter's name and e-mail (left to right), with the code the friend used. */
export function InviterCell({ referral }: { referral: MerchantReferral }) {
  const { t } = useTranslation('referrals');
  const { inviter } = referral;
  return (
    <div className="min-w-0 space-y-1">
      {inviter ? (
        <>
          <p className="truncate font-medium text-slate-900 dark:text-white">
            <bdi dir="auto">{inviter.name}</bdi>
          </p>
          {inviter.email ? (
            // Left to right as a whole block, so a long address is cut at its end, not its start.
            <p
              dir="ltr"
              title={inviter.email}
              className="truncate text-xs text-slate-500 rtl:text-end dark:text-slate-400"
            >
              {inviter.email}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.unknownInviter')}</p>
      )}
      <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
        {t('list.code')}
        <Code>{referral.code}</Code>
      </p>
    </div>
  );
}

/**
 * The friend's e-mail (left to right), and their name once their Salla account is known; a friend
 * whose data was erased shows that instead (decision 029).
 */
export function FriendCell({ referral }: { referral: MerchantReferral }) {
  const { t } = useTranslation('referrals');
  const { friend } = referral;
  if (friend.email === null)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.erasedFriend')}</p>;
  return (
    <div className="min-w-0 space-y-1">
      <p
        dir="ltr"
        title={friend.email}
        className="truncate font-medium text-slate-900 rtl:text-end dark:text-white"
      >
        {friend.email}
      </p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">
        {friend.name ? <bdi dir="auto">{friend.name}</bdi> : t('list.noName')}
      </p>
    </div>
  );
}

/** "20 SAR off the order", "10% off the order, up to 100 SAR", "Free shipping on the order". */
export function rewardSummary(
  reward: Pick<SideCoupon, 'type' | 'value' | 'maxAmount'>,
  t: (key: string, values?: Record<string, string>) => string,
  language: Language,
): string {
  switch (reward.type) {
    case 'fixed':
      return t('summary.fixed', { amount: formatCurrency(reward.value, language) });
    case 'percentage':
      return t('summary.percentage', {
        percent: formatNumber(reward.value, language),
        cap: formatCurrency(reward.maxAmount ?? REFERRAL_DEFAULT_MAX_AMOUNT_SAR, language),
      });
    case 'shipping':
      return t('summary.shipping');
  }
}

/** Where a side's coupon stands: not due (yet), being made, issued (with expiry), used. */
function couponState(
  coupon: SideCoupon,
  status: ReferralStatus,
): 'notDue' | 'notGiven' | Exclude<SideCoupon['status'], 'none'> {
  if (coupon.status !== 'none') return coupon.status;
  return status === 'pending' ? 'notDue' : 'notGiven';
}

/** One side's reward: what it is worth, its coupon's state and code. */
export function RewardSide({
  label,
  coupon,
  status,
}: {
  label: string;
  coupon: SideCoupon;
  status: ReferralStatus;
}) {
  const { t } = useTranslation('referrals');
  const language = useLanguage();
  const state = couponState(coupon, status);
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;
  return (
    <div className="min-w-0 space-y-1 text-xs" data-testid="referral-reward">
      <p className="font-semibold text-slate-700 dark:text-slate-200">{label}</p>
      <p className="text-slate-800 dark:text-slate-100">
        {rewardSummary(coupon, translate, language)}
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-slate-500 dark:text-slate-400">
        <span
          className={cn(
            state === 'used' && 'font-medium text-emerald-700 dark:text-emerald-300',
            state === 'issued' && 'font-medium text-sky-700 dark:text-sky-300',
          )}
        >
          {t(`list.coupon.${state}`)}
        </span>
        {coupon.code ? <Code>{coupon.code}</Code> : null}
      </p>
      {coupon.status === 'used' && coupon.usedOrderId ? (
        <p className="text-slate-500 dark:text-slate-400">
          {coupon.discount !== null ? (
            <Trans
              t={t}
              i18nKey="list.usedOn"
              values={{
                order: coupon.usedOrderId,
                amount: formatCurrency(coupon.discount, language),
              }}
              components={{ n }}
            />
          ) : (
            t('list.usedOnOrder', { order: coupon.usedOrderId })
          )}
        </p>
      ) : null}
      {coupon.status === 'issued' && coupon.expiresAt ? (
        <p className="text-slate-500 dark:text-slate-400">
          {t('list.validUntil', { date: formatDate(coupon.expiresAt, language) })}
        </p>
      ) : null}
    </div>
  );
}

/** Both sides: the friend's gift and the inviter's reward. */
export function RewardsCell({ referral }: { referral: MerchantReferral }) {
  const { t } = useTranslation('referrals');
  return (
    <div className="grid gap-3">
      <RewardSide
        label={t('list.friendReward')}
        coupon={referral.friendReward}
        status={referral.status}
      />
      <RewardSide
        label={t('list.inviterReward')}
        coupon={referral.inviterReward}
        status={referral.status}
      />
    </div>
  );
}

/** The friend's first order and its total, once seen. */
export function OrderCell({ referral }: { referral: MerchantReferral }) {
  const { t } = useTranslation('referrals');
  const language = useLanguage();
  if (!referral.orderId)
    return <p className="text-xs text-slate-500 dark:text-slate-400">{t('list.noOrder')}</p>;
  return (
    <div className="space-y-0.5 text-sm whitespace-nowrap">
      <p className="text-slate-700 dark:text-slate-200">
        <Trans
          t={t}
          i18nKey="list.orderNumber"
          values={{ id: referral.orderId }}
          components={{ n }}
        />
      </p>
      {referral.orderTotal !== null ? (
        <p className="font-semibold text-slate-900 tabular-nums dark:text-white">
          <bdi>{formatCurrency(referral.orderTotal, language)}</bdi>
        </p>
      ) : null}
    </div>
  );
}

function DateItem({ label, value }: { label: string; value: string }) {
  const language = useLanguage();
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-700 dark:text-slate-200">
        <time dateTime={value} title={formatDateTime(value, language)}>
          <bdi>{formatDate(value, language)}</bdi>
        </time>
      </dd>
    </div>
  );
}

/** Claimed, then completed or reversed. */
export function ReferralDates({
  referral,
  className,
}: {
  referral: MerchantReferral;
  className?: string;
}) {
  const { t } = useTranslation('referrals');
  return (
    <dl className={cn('space-y-0.5 text-xs whitespace-nowrap', className)}>
      <DateItem label={t('list.dates.claimed')} value={referral.claimedAt} />
      {referral.completedAt ? (
        <DateItem label={t('list.dates.completed')} value={referral.completedAt} />
      ) : null}
      {referral.reversedAt ? (
        <DateItem label={t('list.dates.reversed')} value={referral.reversedAt} />
      ) : null}
    </dl>
  );
}
