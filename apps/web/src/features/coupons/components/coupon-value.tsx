import { Trans, useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber } from '../../../lib/format';

const n = <bdi className="font-semibold" />;

/**
 * What the coupon is worth, in words: "20 SAR off" (riyals without decimals), "10% off", "Free
 * shipping". The contract keeps the reward's type open, so a type it does not know says nothing.
 */
export function CouponValue({ type, value }: { type: string; value: number }) {
  const { t, i18n } = useTranslation('coupons');
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
      return <>{t('value.free_product')}</>;
    default:
      return null;
  }
}
