import { useTranslation } from 'react-i18next';
import { WIDGET_LIMITS } from '@nuqat/contracts';
import { Field } from '../../../components/ui/field';
import type { WidgetFieldsProps } from '../hooks/use-widget-form';
import { Choices, Group, Toggle } from './widget-controls';
import { GrowthHint, GrowthTag } from './widget-plan-lock';

/**
 * The Growth plan's full customisation: the balance on the launcher, the corner radius, the
 * panel's look and the store's logo. Shown, locked, on Starter.
 */
export function WidgetLookFields({
  draft,
  set,
  locked,
  growth,
  hasLogo,
}: Pick<WidgetFieldsProps, 'draft' | 'set' | 'locked' | 'growth'> & {
  /** Whether the store has a logo to show. */
  hasLogo: boolean;
}) {
  const { t } = useTranslation('widget');
  return (
    <Group
      title={
        <>
          {t('full')}
          {growth ? null : <GrowthTag />}
        </>
      }
    >
      {!growth ? <GrowthHint /> : null}
      <Toggle
        id="widget-balance"
        label={t('showBalance')}
        hint={t('showBalanceHint')}
        checked={draft.showBalance}
        disabled={locked('showBalance')}
        onChange={(showBalance) => set({ showBalance })}
      />
      <Field id="widget-radius" label={t('radius', { value: draft.radius })}>
        {() => (
          <input
            id="widget-radius"
            type="range"
            min={WIDGET_LIMITS.radius.min}
            max={WIDGET_LIMITS.radius.max}
            disabled={locked('radius')}
            value={draft.radius}
            onChange={(e) => set({ radius: Number(e.target.value) })}
            className="w-full accent-brand-600 disabled:opacity-50"
          />
        )}
      </Field>
      <Choices
        legend={t('panel')}
        name="widget-panel"
        value={draft.panel}
        disabled={locked('panel')}
        options={[
          { value: 'store', label: t('panels.store') },
          { value: 'light', label: t('panels.light') },
          { value: 'dark', label: t('panels.dark') },
        ]}
        onChange={(panel) => set({ panel })}
      />
      <Toggle
        id="widget-logo"
        label={t('showLogo')}
        hint={hasLogo ? t('showLogoHint') : t('noLogo')}
        checked={draft.showLogo}
        disabled={locked('showLogo')}
        onChange={(showLogo) => set({ showLogo })}
      />
    </Group>
  );
}
