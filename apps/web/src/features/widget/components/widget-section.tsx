import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Monitor, Moon, Smartphone, Sun } from 'lucide-react';
import {
  GROWTH_WIDGET_FIELDS,
  planHasFeature,
  WIDGET_DEFAULTS,
  WIDGET_ICONS,
  WIDGET_LIMITS,
  type WidgetSettings,
} from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { failureDetail } from '../../../lib/messages';
import { useSaveWidget, useWidget } from '../api/widget';
import { THEME_SAMPLE, WIDGET_ICON_COMPONENTS, WidgetPreview } from './widget-preview';

/** The anchor of the section: /settings#widget. */
export const WIDGET_SECTION_ID = 'widget';

/**
 * /settings → Widget (decision 034): the launcher and panel on the store's pages and the earn
 * badges, with a live preview in both languages on a phone and a desktop, over a light or a dark
 * store. Starter stores set the label, icon, corner and colour (and the badges); the rest is the
 * Growth plan's, shown locked. Saving publishes to the store page at once, no deploy.
 */
export function WidgetSection() {
  const { t } = useTranslation('widget');
  const widget = useWidget();
  const save = useSaveWidget();
  /** The merchant's unsaved changes; null follows what is saved. */
  const [changes, setChanges] = useState<WidgetSettings | null>(null);
  const [lang, setLang] = useState<'ar' | 'en'>('ar');
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  const [storeDark, setStoreDark] = useState(false);

  const saved = widget.data?.settings;
  const draft = changes ?? saved ?? WIDGET_DEFAULTS;
  // /settings#widget opens here once the section has its content.
  const ready = Boolean(widget.data);
  useEffect(() => {
    if (ready && window.location.hash === `#${WIDGET_SECTION_ID}`)
      document.getElementById(WIDGET_SECTION_ID)?.scrollIntoView();
  }, [ready]);

  const growth = planHasFeature(widget.data?.plan ?? 'starter', 'fullCustomisation');
  // The Growth plan's fields (GROWTH_WIDGET_FIELDS): shown, locked on Starter; the API refuses them too.
  const locked = (field: (typeof GROWTH_WIDGET_FIELDS)[number]) =>
    !growth && GROWTH_WIDGET_FIELDS.includes(field);
  const set = (patch: Partial<WidgetSettings>) => setChanges({ ...draft, ...patch });
  const setNudge = (patch: Partial<WidgetSettings['nudge']>) =>
    setChanges({ ...draft, nudge: { ...draft.nudge, ...patch } });
  const dirty = saved ? JSON.stringify(saved) !== JSON.stringify(draft) : false;

  const growthTag = growth ? null : (
    <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
      <Lock aria-hidden="true" className="size-3" />
      {t('growthOnly')}
    </span>
  );

  return (
    <Card
      id={WIDGET_SECTION_ID}
      className="scroll-mt-24 space-y-6 p-5 sm:p-6"
      data-testid="widget-section"
    >
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('heading')}</h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('description')}
        </p>
      </div>

      {widget.data ? (
        <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <form
            className="space-y-6"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(draft, { onSuccess: () => setChanges(null) });
            }}
          >
            <ActionError
              message={save.isError ? { key: 'widget:saveFailed' } : null}
              detail={save.isError ? failureDetail(save.error) : null}
            />

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
            </Group>

            <Group
              title={
                <>
                  {t('full')}
                  {growthTag}
                </>
              }
            >
              {!growth ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">{t('growthHint')}</p>
              ) : null}
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
                hint={widget.data.logo ? t('showLogoHint') : t('noLogo')}
                checked={draft.showLogo}
                disabled={locked('showLogo')}
                onChange={(showLogo) => set({ showLogo })}
              />
            </Group>

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

            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" loading={save.isPending} disabled={!dirty && !save.isError}>
                {t('save')}
              </Button>
              {save.isSuccess && !dirty ? (
                <p
                  role="status"
                  className={cn(
                    'text-sm',
                    save.data.published
                      ? 'text-emerald-700 dark:text-emerald-300'
                      : 'text-amber-700 dark:text-amber-300',
                  )}
                >
                  {t(save.data.published ? 'published' : 'notPublished')}
                </p>
              ) : null}
            </div>
          </form>

          <div className="space-y-3 xl:sticky xl:top-24 xl:self-start">
            <div className="flex flex-wrap gap-2" role="group" aria-label={t('previewControls')}>
              <Segmented
                label={t('previewLanguage')}
                value={lang}
                options={[
                  { value: 'ar', label: 'العربية' },
                  { value: 'en', label: 'English' },
                ]}
                onChange={setLang}
              />
              <Segmented
                label={t('previewDevice')}
                value={device}
                options={[
                  {
                    value: 'phone',
                    label: <Smartphone aria-label={t('phone')} className="size-4" />,
                  },
                  {
                    value: 'desktop',
                    label: <Monitor aria-label={t('desktop')} className="size-4" />,
                  },
                ]}
                onChange={setDevice}
              />
              <Segmented
                label={t('previewStore')}
                value={storeDark ? 'dark' : 'light'}
                options={[
                  {
                    value: 'light',
                    label: <Sun aria-label={t('lightStore')} className="size-4" />,
                  },
                  { value: 'dark', label: <Moon aria-label={t('darkStore')} className="size-4" /> },
                ]}
                onChange={(v) => setStoreDark(v === 'dark')}
              />
            </div>
            <WidgetPreview
              settings={draft}
              lang={lang}
              device={device}
              storeDark={storeDark}
              logo={widget.data.logo}
              storeName={widget.data.storeName}
            />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-slate-200 pt-5 first:border-0 first:pt-0 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

function Toggle(props: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="space-y-0.5">
        <label htmlFor={props.id} className="font-medium text-slate-900 dark:text-white">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${props.id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
            {props.hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

function Choices<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2" disabled={props.disabled}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {props.legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-xl border px-3 py-2 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60',
              props.value === option.value
                ? 'border-brand-600 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100'
                : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200',
            )}
          >
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={props.label}
      className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={props.value === option.value}
          onClick={() => props.onChange(option.value)}
          className={cn(
            'min-h-9 rounded-lg px-3 text-sm font-semibold',
            props.value === option.value
              ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
