import { useTranslation } from 'react-i18next';
import type { CustomerSummary } from '@nuqat/contracts';

/** The shopper's name in its own direction, or who they were once erased or never named. */
export function CustomerName({
  customer,
}: {
  customer: Pick<CustomerSummary, 'id' | 'name' | 'erasedAt'>;
}) {
  const { t } = useTranslation('customers');
  if (customer.erasedAt || !customer.name) {
    return <span>{t('erasedName', { id: customer.id })}</span>;
  }
  return <bdi dir="auto">{customer.name}</bdi>;
}

/** E-mail and mobile, each left to right whatever the page's direction. */
export function CustomerContact({
  customer,
}: {
  customer: Pick<CustomerSummary, 'email' | 'mobile'>;
}) {
  const { t } = useTranslation('customers');
  if (!customer.email && !customer.mobile) {
    return <span className="text-slate-400 dark:text-slate-500">{t('noContact')}</span>;
  }
  return (
    <span className="flex min-w-0 flex-col">
      {customer.email ? (
        <bdi dir="ltr" className="truncate">
          {customer.email}
        </bdi>
      ) : null}
      {customer.mobile ? <bdi dir="ltr">{customer.mobile}</bdi> : null}
    </span>
  );
}
