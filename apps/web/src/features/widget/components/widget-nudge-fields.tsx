import { useTranslation } from 'react-i18next';
import type { WidgetFieldsProps } from '../hooks/use-widget-form';
import { Choices, Group, Toggle } from './widget-controls';

/** The earn badges on product pages and the cart, and where the product's badge sits. */
export function WidgetNudgeFields({
  draft,
  setNudge,
}: Pick<WidgetFieldsProps, 'draft' | 'setNudge'>) {
  const { t } = useTranslation('widget');
  return (
    <Group title={t('nudge')}>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('nudgeHint')}</p>
      <Toggle
        id="widget-nudge-product"
        label={t('nudgeProduct')}
        checked={draft.nudge.product}
        onChange={(product) => setNudge({ product })}
      />
      <Toggle
        id="widget-nudge-cart"
        label={t('nudgeCart')}
        checked={draft.nudge.cart}
        onChange={(cart) => setNudge({ cart })}
      />
      <Choices
        legend={t('placement')}
        name="widget-placement"
        value={draft.nudge.placement}
        disabled={!draft.nudge.product}
        options={[
          { value: 'price', label: t('placements.price') },
          { value: 'button', label: t('placements.button') },
        ]}
        onChange={(placement) => setNudge({ placement })}
      />
    </Group>
  );
}
