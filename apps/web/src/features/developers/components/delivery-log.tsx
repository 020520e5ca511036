import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import type { WebhookDelivery } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useReplayDelivery, useWebhookDeliveries } from '../api/developers';
import { useLanguage } from '../lib/developers-format';

/** One delivery: its status, event, endpoint, attempts and last answer, and a replay. */
function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('developers');
  const language = useLanguage();
  const replay = useReplayDelivery();
  const tone =
    delivery.status === 'delivered' ? 'green' : delivery.status === 'failed' ? 'red' : 'yellow';
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="webhook-delivery-row"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{t(`deliveries.status.${delivery.status}`)}</Badge>
          <span dir="ltr" className="font-mono font-semibold text-slate-900 dark:text-white">
            {delivery.eventType}
          </span>
          <code dir="ltr" className="text-xs text-slate-500 dark:text-slate-400">
            {delivery.eventId}
          </code>
        </p>
        <p dir="ltr" className="text-start text-xs break-all text-slate-600 dark:text-slate-300">
          {delivery.endpointUrl}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(delivery.createdAt, language)} ·{' '}
          {t('deliveries.attempts', {
            count: delivery.attempts,
            n: formatNumber(delivery.attempts, language),
          })}
          {delivery.lastStatusCode !== null ? (
            <>
              {' '}
              · <bdi dir="ltr">HTTP {delivery.lastStatusCode}</bdi>
            </>
          ) : null}
          {delivery.lastError && delivery.status !== 'delivered' ? (
            <>
              {' '}
              · <bdi dir="ltr">{delivery.lastError}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {delivery.status === 'pending' ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={replay.isPending}
          onClick={() => replay.mutate(delivery.id)}
        >
          {replay.isPending ? null : <RotateCcw aria-hidden="true" className="size-4" />}
          {t('deliveries.replay')}
        </Button>
      )}
    </li>
  );
}

/** One keyset page of deliveries; the last page offers the next one. */
function DeliveryPage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | null;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('developers');
  const page = useWebhookDeliveries(true, cursor);
  if (page.isPending) return <Spinner className="mx-auto my-4 size-5 text-brand-600" />;
  if (page.isError)
    return (
      <ErrorState
        message={errorMessage(page.error)}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );
  return (
    <>
      {page.data.items.map((d) => (
        <DeliveryRow key={d.id} delivery={d} />
      ))}
      {last && page.data.nextCursor ? (
        <li className="pt-3">
          <Button variant="ghost" size="sm" onClick={() => onMore(page.data.nextCursor!)}>
            {t('deliveries.more')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** The delivery log, newest first, page after page. */
export function DeliveryLog() {
  const { t } = useTranslation('developers');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useWebhookDeliveries(true, null);
  return (
    <section className="space-y-2 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h4 className="font-semibold text-slate-900 dark:text-white">{t('deliveries.title')}</h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('deliveries.text')}</p>
      {first.data && first.data.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('deliveries.none')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="webhook-deliveries"
        >
          {cursors.map((cursor, i) => (
            <DeliveryPage
              key={cursor ?? 'first'}
              cursor={cursor}
              last={i === cursors.length - 1}
              onMore={(next) => setCursors((c) => [...c, next])}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
