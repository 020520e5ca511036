import { Trans, useTranslation } from 'react-i18next';
import type { FreeProduct, RewardType } from '@nuqat/contracts';
import { formatCurrency, formatNumber } from '../../../lib/format';

export interface RewardValueProps {
  type: RewardType;
  value: number;
  freeProducts?: FreeProduct[];
}

const n = <bdi className="font-semibold" />;

/** What the shopper gets, in words: "10 SAR off", "15% off", "Shipping on us", the product. */
export function RewardValue({ type, value, freeProducts }: RewardValueProps) {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  switch (type) {
    case 'percentage_discount':
      return (
        <Trans
          t={t}
          i18nKey="value.percentage"
          values={{ value: formatNumber(value, language) }}
          components={{ n }}
        />
      );
    case 'fixed_discount':
      return (
        <Trans
          t={t}
          i18nKey="value.fixed"
          values={{ value: formatCurrency(value, language) }}
          components={{ n }}
        />
      );
    case 'cashback':
      return (
        <Trans
          t={t}
          i18nKey="value.cashback"
          values={{ value: formatCurrency(value, language) }}
          components={{ n }}
        />
      );
    case 'free_shipping':
      return <>{t('value.free_shipping')}</>;
    case 'free_product':
      return freeProducts?.length ? (
        <bdi>
          {freeProducts.map((product) => product.name).join(language === 'ar' ? '، ' : ', ')}
        </bdi>
      ) : (
        <>{t('types.free_product')}</>
      );
  }
}
