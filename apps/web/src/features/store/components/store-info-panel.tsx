import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Hash, Link2, Mail, Package, ShieldCheck, Store } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { errorMessage, type Message } from '../../../lib/messages';
import { useStoreInfo } from '../api/get-store-info';
import { SubscriptionStatusBadge } from './subscription-status-badge';

/** Only http(s) addresses become links; anything else (javascript:, data:) stays text. */
function safeHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

interface ItemProps {
  icon: ReactNode;
  label: string;
  className?: string;
  children: ReactNode;
}

function Item({ icon, label, className, children }: ItemProps) {
  return (
    <div
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60',
        className,
      )}
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-xs dark:bg-slate-900 dark:text-brand-300">
        {icon}
      </span>
      <div className="min-w-0 space-y-1">
        <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
        <dd className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
          {children}
        </dd>
      </div>
    </div>
  );
}

export interface StoreInfoPanelProps {
  /** Shown when loading fails for a reason other than a known error code. */
  loadErrorMessage: Message;
  /** The screen already shows one error for a failure several sections share. */
  quietOnError?: boolean;
}

/** The store's identity and subscription, from GET /api/merchants/store-info. */
export function StoreInfoPanel({ loadErrorMessage, quietOnError = false }: StoreInfoPanelProps) {
  const { t, i18n } = useTranslation('merchant');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const storeInfo = useStoreInfo();

  if (storeInfo.isPending) return <LoadingState />;
  if (storeInfo.isError) {
    if (quietOnError) return null;
    return (
      <ErrorState
        message={errorMessage(storeInfo.error, { unknownHttp: () => loadErrorMessage })}
        onRetry={() => void storeInfo.refetch()}
        retrying={storeInfo.isFetching}
      />
    );
  }

  const info = storeInfo.data;
  const iconClass = 'size-5';
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">
        {t('store.heading')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Item
          icon={<Store aria-hidden="true" className={iconClass} />}
          label={t('store.storeName')}
        >
          {info.storeName}
        </Item>
        <Item icon={<Mail aria-hidden="true" className={iconClass} />} label={t('store.email')}>
          <bdi dir="ltr">{info.userEmail}</bdi>
        </Item>
        <Item
          icon={<Hash aria-hidden="true" className={iconClass} />}
          label={t('store.merchantId')}
        >
          <bdi dir="ltr">{info.merchantId}</bdi>
        </Item>
        <Item
          icon={<ShieldCheck aria-hidden="true" className={iconClass} />}
          label={t('store.subscriptionStatus')}
        >
          <SubscriptionStatusBadge status={info.subscriptionStatus} />
        </Item>
        <Item icon={<Package aria-hidden="true" className={iconClass} />} label={t('store.plan')}>
          {info.subscriptionPlan ? t(`plans.${info.subscriptionPlan}`) : t('store.notSet')}
        </Item>
        <Item
          icon={<CalendarClock aria-hidden="true" className={iconClass} />}
          label={t('store.expiry')}
        >
          {info.subscriptionExpiryDate
            ? formatDate(info.subscriptionExpiryDate, language)
            : t('store.notSet')}
        </Item>
        {info.storeUrl ? (
          // The last, lone item: two columns wide, so an address is not broken mid-word
          // while the rest of its row stays empty.
          <Item
            icon={<Link2 aria-hidden="true" className={iconClass} />}
            label={t('store.storeUrl')}
            className="sm:col-span-2"
          >
            <a
              href={safeHttpUrl(info.storeUrl) ?? undefined}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 hover:underline dark:text-brand-300"
            >
              <bdi dir="ltr">{info.storeUrl}</bdi>
            </a>
          </Item>
        ) : null}
      </dl>
    </Card>
  );
}
