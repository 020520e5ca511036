import { useTranslation } from 'react-i18next';
import { WIDGET_ICONS, WIDGET_LIMITS } from '@nuqat/contracts';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { WidgetFieldsProps } from '../hooks/use-widget-form';
import { Choices, Group } from './widget-controls';
import { THEME_SAMPLE, WIDGET_ICON_COMPONENTS } from './widget-preview';

/** The launcher, on every plan: its label in both languages, its icon, its corner, its colour. */
export function WidgetLauncherFields({ draft, set }: Pick<WidgetFieldsProps, 'draft' | 'set'>) {
  const { t } = useTranslation('widget');
  return (
    <Group title={t('launcher')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="widget-label-ar" label={t('labelAr')} hint={t('labelHint')}>
          {({ describedBy }) => (
            <Input
              id="widget-label-ar"
              dir="rtl"
              lang="ar"
              maxLength={WIDGET_LIMITS.label.max}
              placeholder="نقاطي"
              aria-describedby={describedBy}
              value={draft.label.ar}
              onChange={(e) => set({ label: { ...draft.label, ar: e.target.value } })}
            />
          )}
        </Field>
        <Field id="widget-label-en" label={t('labelEn')} hint={t('labelHint')}>
          {({ describedBy }) => (
            <Input
              id="widget-label-en"
              dir="ltr"
              lang="en"
              maxLength={WIDGET_LIMITS.label.max}
              placeholder="My points"
              aria-describedby={describedBy}
              value={draft.label.en}
              onChange={(e) => set({ label: { ...draft.label, en: e.target.value } })}
            />
          )}
        </Field>
      </div>

      <Choices
        legend={t('icon')}
        name="widget-icon"
        value={draft.icon}
        options={WIDGET_ICONS.map((icon) => {
          const Icon = WIDGET_ICON_COMPONENTS[icon];
          return {
            value: icon,
            label: (
              <span className="inline-flex items-center gap-2">
                <Icon aria-hidden="true" className="size-5" />
                {t(`icons.${icon}`)}
              </span>
            ),
          };
        })}
        onChange={(icon) => set({ icon })}
      />

      <Choices
        legend={t('position')}
        name="widget-position"
        value={draft.position}
        options={[
          { value: 'end', label: t('positions.end') },
          { value: 'start', label: t('positions.start') },
        ]}
        onChange={(position) => set({ position })}
      />

      <WidgetAccentField draft={draft} set={set} />
    </Group>
  );
}

/** The launcher's colour: the store theme's, or one the merchant picks. */
function WidgetAccentField({ draft, set }: Pick<WidgetFieldsProps, 'draft' | 'set'>) {
  const { t } = useTranslation('widget');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('accent')}
      </legend>
      <label className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={draft.accent === null}
          onChange={(e) => set({ accent: e.target.checked ? null : THEME_SAMPLE })}
        />
        {t('accentTheme')}
      </label>
      {draft.accent !== null ? (
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label={t('accent')}
            className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-transparent dark:border-slate-600"
            value={draft.accent}
            onChange={(e) => set({ accent: e.target.value })}
          />
          <bdi dir="ltr" className="font-mono text-sm">
            {draft.accent}
          </bdi>
        </div>
      ) : null}
    </fieldset>
  );
}
