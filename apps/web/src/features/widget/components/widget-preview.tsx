import { Crown, Gift, Star, X } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { WidgetSettings } from '@nuqat/contracts';
import { cn } from '../../../lib/cn';

export const WIDGET_ICON_COMPONENTS = { gift: Gift, star: Star, crown: Crown } as const;

/** Stands for the store theme's primary colour in the preview when the merchant keeps it. */
export const THEME_SAMPLE = '#5d2e8c';

const WORDS = {
  ar: {
    launcher: 'نقاطي',
    balance: 'رصيدك',
    product: 'عطر العود الملكي',
    price: '249 ر.س',
    add: 'أضف للسلة',
    earn: 'اكسب 249 نقطة مع هذا المنتج',
    reward: 'خصم 10 ريال',
    redeem: 'استبدل',
  },
  en: {
    launcher: 'My points',
    balance: 'Your balance',
    product: 'Royal oud perfume',
    price: '249 SAR',
    add: 'Add to cart',
    earn: 'Earn 249 points with this product',
    reward: '10 SAR off',
    redeem: 'Redeem',
  },
} as const;

/** Dark or white text, whichever reads on the colour (as the snippet decides). */
function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6 ? '#111827' : '#ffffff';
}

export interface WidgetPreviewProps {
  settings: WidgetSettings;
  lang: 'ar' | 'en';
  device: 'phone' | 'desktop';
  /** The store's own look in the preview (what "follow the store" follows). */
  storeDark: boolean;
  logo: string | null;
  storeName: string;
}

/**
 * A store page in miniature with the launcher, the open panel and the product badge as the
 * merchant set them (decision 034), in one language, on a phone or a desktop, over a light or a
 * dark store. It draws what the snippet draws; it does not load the snippet.
 */
export function WidgetPreview({
  settings,
  lang,
  device,
  storeDark,
  logo,
  storeName,
}: WidgetPreviewProps) {
  const w = WORDS[lang];
  const accent = settings.accent ?? THEME_SAMPLE;
  const ink = inkOn(accent);
  const panelDark = settings.panel === 'dark' || (settings.panel === 'store' && storeDark);
  const label = settings.label[lang] || w.launcher;
  const Icon = WIDGET_ICON_COMPONENTS[settings.icon];
  const phone = device === 'phone';
  const side = settings.position === 'start' ? 'start-3' : 'end-3';
  const badge = settings.nudge.product ? (
    <p
      className="border-s-4 px-3 text-sm leading-8 font-bold"
      style={{ borderColor: accent }}
      data-testid="preview-earn"
    >
      {w.earn}
    </p>
  ) : null;
  const accentStyle: CSSProperties = { background: accent, color: ink };
  return (
    <div
      lang={lang}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      data-testid="widget-preview"
      className={cn(
        'relative mx-auto overflow-hidden rounded-2xl border-4 border-slate-800 shadow-lg',
        phone ? 'h-[560px] w-[290px]' : 'h-[440px] w-full max-w-[640px]',
        storeDark ? 'bg-[#0b1020] text-slate-100' : 'bg-slate-50 text-slate-900',
      )}
    >
      <div
        className="flex items-center justify-between px-4 py-2 text-sm font-bold"
        style={{ background: THEME_SAMPLE, color: '#fff' }}
      >
        <span>{storeName}</span>
      </div>
      <div className={cn('grid gap-3 p-4', phone ? 'grid-cols-1' : 'grid-cols-2')}>
        <div
          aria-hidden="true"
          className="aspect-[4/3] rounded-xl bg-linear-to-br from-amber-200 to-amber-500"
        />
        <div className="space-y-2">
          <p className="font-bold">{w.product}</p>
          <p className="text-lg font-bold">{w.price}</p>
          {settings.nudge.placement === 'price' ? badge : null}
          <span
            className="inline-block rounded-lg px-4 py-2 text-sm font-semibold"
            style={{ background: THEME_SAMPLE, color: '#fff' }}
          >
            {w.add}
          </span>
          {settings.nudge.placement === 'button' ? badge : null}
        </div>
      </div>

      {/* The open panel. */}
      <div
        data-testid="preview-panel"
        data-dark={panelDark}
        className={cn(
          'absolute bottom-16 flex flex-col overflow-hidden shadow-2xl',
          phone ? 'inset-x-2 top-10' : cn('h-[300px] w-[260px]', side),
          panelDark ? 'bg-slate-900 text-slate-100' : 'bg-white text-slate-900',
        )}
        style={{ borderRadius: settings.radius }}
      >
        <div
          className={cn(
            'flex items-center justify-between gap-2 border-b px-3 py-2 text-sm font-bold',
            panelDark ? 'border-slate-800' : 'border-slate-200',
          )}
        >
          <span>{label}</span>
          <X aria-hidden="true" className="size-4" />
        </div>
        <div className="space-y-3 p-3 text-sm">
          {settings.showLogo && logo ? (
            <div className="flex items-center gap-2" data-testid="preview-logo">
              <img src={logo} alt="" className="size-8 rounded-lg bg-white object-contain" />
              <span className="font-bold">{storeName}</span>
            </div>
          ) : null}
          <div className="rounded-xl p-3" style={accentStyle}>
            <p className="text-xs opacity-90">{w.balance}</p>
            <p className="text-2xl font-bold">1,250</p>
          </div>
          <div
            className={cn(
              'flex items-center justify-between rounded-xl border p-2',
              panelDark ? 'border-slate-700' : 'border-slate-200',
            )}
          >
            <span>{w.reward}</span>
            <span className="rounded-lg px-2 py-1 text-xs font-bold" style={accentStyle}>
              {w.redeem}
            </span>
          </div>
        </div>
      </div>

      {/* The launcher. */}
      <span
        data-testid="preview-launcher"
        className={cn(
          'absolute bottom-3 flex min-h-11 items-center gap-2 px-4 text-sm font-bold shadow-lg',
          side,
        )}
        style={{ ...accentStyle, borderRadius: settings.radius * 1.5 }}
      >
        <Icon aria-hidden="true" className="size-5" />
        {label}
        {settings.showBalance ? (
          <span className="rounded-full bg-white/25 px-2 text-xs tabular-nums">1,250</span>
        ) : null}
      </span>
    </div>
  );
}
