import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MerchantReferral } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import {
  FriendCell,
  InviterCell,
  OrderCell,
  ReferralDates,
  ReferralReason,
  ReferralStatusBadge,
  ReferralStatusCell,
  RewardsCell,
} from './referral-parts';

/** A small caption above a part of a row or card: who is the inviter, who the friend. */
function Labelled({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      {children}
    </div>
  );
}

export interface ReferralViewsProps {
  referrals: MerchantReferral[];
  /** A new filter's answer is on its way: the rows shown are the previous answer's. */
  busy: boolean;
}

/** Wide screens: one row per referral. */
export function ReferralsTable({ referrals, busy }: ReferralViewsProps) {
  const { t } = useTranslation('referrals');
  const cell = 'px-3 py-3 align-top first:ps-4 last:pe-4';
  return (
    <Card className="hidden overflow-hidden xl:block">
      {/* relative: the screen-reader-only caption stays within the scrolling box. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full text-sm transition-opacity aria-busy:opacity-60"
          aria-busy={busy || undefined}
        >
          <caption className="sr-only">{t('list.caption')}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className={`${cell} text-start`}>
                {t('list.columns.invitation')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('list.columns.status')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('list.columns.rewards')}
              </th>
              <th scope="col" className={`${cell} text-start`}>
                {t('list.columns.orderAndDates')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {referrals.map((referral) => (
              <tr key={referral.id} data-testid="referral-row" data-status={referral.status}>
                <td className={`${cell} w-64 max-w-64`}>
                  <div className="space-y-3">
                    <Labelled label={t('list.columns.inviter')}>
                      <InviterCell referral={referral} />
                    </Labelled>
                    <Labelled label={t('list.columns.friend')}>
                      <FriendCell referral={referral} />
                    </Labelled>
                  </div>
                </td>
                <td className={`${cell} w-44`}>
                  <ReferralStatusCell referral={referral} />
                </td>
                <td className={`${cell} min-w-52`}>
                  <RewardsCell referral={referral} />
                </td>
                <td className={cell}>
                  <div className="space-y-2">
                    <OrderCell referral={referral} />
                    <ReferralDates referral={referral} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Phones and narrow windows: one card per referral. */
export function ReferralCards({ referrals, busy }: ReferralViewsProps) {
  const { t } = useTranslation('referrals');
  return (
    <ul
      aria-label={t('list.caption')}
      aria-busy={busy || undefined}
      className="grid grid-cols-1 gap-3 transition-opacity aria-busy:opacity-60 md:grid-cols-2 xl:hidden"
    >
      {referrals.map((referral) => (
        <li key={referral.id} data-testid="referral-card" data-status={referral.status}>
          <Card className="flex h-full flex-col gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <Labelled label={t('list.columns.inviter')} className="flex-1">
                <InviterCell referral={referral} />
              </Labelled>
              <ReferralStatusBadge status={referral.status} />
            </div>
            <ReferralReason referral={referral} />
            <Labelled label={t('list.columns.friend')}>
              <FriendCell referral={referral} />
            </Labelled>
            <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <RewardsCell referral={referral} />
            </div>
            <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
              <ReferralDates referral={referral} />
              <div className="text-end">
                <OrderCell referral={referral} />
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
