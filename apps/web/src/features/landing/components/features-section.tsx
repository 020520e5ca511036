import {
  ChartColumn,
  Gift,
  LayoutDashboard,
  Palette,
  Repeat,
  ShoppingBag,
  SlidersHorizontal,
  Smartphone,
  Store,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SECTION_IDS } from '../constants';
import { SectionHeading } from './section-heading';

const CLAIMS = [
  { id: 'rewards', Icon: Gift },
  { id: 'control', Icon: SlidersHorizontal },
  { id: 'brand', Icon: Palette },
  { id: 'devices', Icon: Smartphone },
] as const satisfies ReadonlyArray<{ id: string; Icon: LucideIcon }>;

const LOOP = [
  { id: 'earn', Icon: ShoppingBag },
  { id: 'redeem', Icon: Ticket },
  { id: 'return', Icon: Repeat },
] as const satisfies ReadonlyArray<{ id: string; Icon: LucideIcon }>;

const SYSTEM = [
  { id: 'backOffice', Icon: LayoutDashboard },
  { id: 'storefront', Icon: Store },
  { id: 'analytics', Icon: ChartColumn },
] as const satisfies ReadonlyArray<{ id: string; Icon: LucideIcon }>;

function IconBadge({ Icon }: { Icon: LucideIcon }) {
  return (
    <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-700/10 dark:bg-brand-500/15 dark:text-brand-300">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

/** The spec's claims (#features), how the loop works (#loyalty) and what you get (#system). */
export function FeaturesSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id={SECTION_IDS.features}
      aria-labelledby="features-title"
      className="scroll-mt-16 bg-white py-16 lg:py-24 dark:bg-slate-950"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CLAIMS.map(({ id, Icon }) => (
            <li
              key={id}
              className="space-y-3 rounded-3xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <IconBadge Icon={Icon} />
              <h3 className="text-lg font-bold">{t(`features.items.${id}.title`)}</h3>
              <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
                {t(`features.items.${id}.body`)}
              </p>
            </li>
          ))}
        </ul>

        <div
          id={SECTION_IDS.loyalty}
          className="mt-20 scroll-mt-20 rounded-3xl bg-brand-50 px-4 py-12 sm:px-10 dark:bg-brand-500/10"
        >
          <SectionHeading
            id="loyalty-title"
            level={3}
            title={t('loyalty.title')}
            subtitle={t('loyalty.subtitle')}
          />
          <ol className="grid gap-6 md:grid-cols-3">
            {LOOP.map(({ id, Icon }, index) => (
              <li
                key={id}
                className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm dark:bg-slate-900"
              >
                <IconBadge Icon={Icon} />
                <div className="space-y-1">
                  <p className="text-xs font-bold text-brand-700 dark:text-brand-300">
                    <bdi>{index + 1}</bdi>
                  </p>
                  <h4 className="font-bold">{t(`loyalty.steps.${id}.title`)}</h4>
                  <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
                    {t(`loyalty.steps.${id}.body`)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </div>

        <div id={SECTION_IDS.system} className="mt-20 scroll-mt-20">
          <SectionHeading
            id="system-title"
            level={3}
            title={t('system.title')}
            subtitle={t('system.subtitle')}
          />
          <ul className="grid gap-5 md:grid-cols-3">
            {SYSTEM.map(({ id, Icon }) => (
              <li
                key={id}
                className="flex gap-4 rounded-3xl border border-slate-200 p-6 dark:border-slate-800"
              >
                <IconBadge Icon={Icon} />
                <div className="space-y-1">
                  <h4 className="font-bold">{t(`system.items.${id}.title`)}</h4>
                  <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
                    {t(`system.items.${id}.body`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
