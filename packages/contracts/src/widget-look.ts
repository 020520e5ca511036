/**
 * The storefront widget's look and the store-page earn badges (docs/decisions/034), as plain
 * values: the storefront snippet reads them (no Zod, ≤ 5 KB gzip), the API and the back-office
 * validate them with the schemas of widget.ts.
 */

export const WIDGET_ICONS = ['gift', 'star', 'crown'] as const;
export type WidgetIcon = (typeof WIDGET_ICONS)[number];
/** The corner of the store page the launcher sits in: the inline start or end of its direction. */
export const WIDGET_POSITIONS = ['start', 'end'] as const;
/** The panel's light/dark look: the store page's own (default), or always one of the two. */
export const WIDGET_PANEL_MODES = ['store', 'light', 'dark'] as const;
/** Where the product badge sits: under the product's price, or under its add-to-cart button. */
export const NUDGE_PLACEMENTS = ['price', 'button'] as const;

export const WIDGET_LIMITS = { label: { max: 24 }, radius: { min: 0, max: 28 } } as const;

export interface WidgetSettings {
  /** The launcher's words; empty = Nuqat's («نقاطي» / "My points"). */
  label: { ar: string; en: string };
  icon: WidgetIcon;
  position: (typeof WIDGET_POSITIONS)[number];
  /** `#rrggbb`; null = the theme's primary colour (`--color-primary`). */
  accent: string | null;
  /** Growth: the signed-in shopper's balance on the launcher. */
  showBalance: boolean;
  /** Growth: corner radius of the launcher and the panel, px. */
  radius: number;
  /** Growth: the panel's light/dark look. */
  panel: (typeof WIDGET_PANEL_MODES)[number];
  /** Growth: the store's logo in the panel's header. */
  showLogo: boolean;
  /** The store-page badges: what a product and the cart earn (every plan). */
  nudge: { product: boolean; cart: boolean; placement: (typeof NUDGE_PLACEMENTS)[number] };
}

export const WIDGET_DEFAULTS: WidgetSettings = {
  label: { ar: '', en: '' },
  icon: 'gift',
  position: 'end',
  accent: null,
  showBalance: true,
  radius: 16,
  panel: 'store',
  showLogo: false,
  nudge: { product: true, cart: true, placement: 'price' },
};

/** What the Starter plan may change; the rest is the Growth plan's full customisation. */
export const STARTER_WIDGET_FIELDS = ['label', 'icon', 'position', 'accent', 'nudge'] as const;
export const GROWTH_WIDGET_FIELDS = ['showBalance', 'radius', 'panel', 'showLogo'] as const;

/**
 * The Salla app setting (a `public: true` field, reference §1.9 and §4.1) that carries the
 * widget's look to every store page: the snippet reads `salla.config.get('app.nuqat_widget')`,
 * no request of its own.
 */
export const WIDGET_APP_SETTING = 'nuqat_widget';

/**
 * What the snippet reads from the app setting: the settings (the logo is the loyalty page's, it
 * comes with the programme) plus the launcher's text colour on the accent.
 */
export interface StoreWidget extends Omit<WidgetSettings, 'showLogo'> {
  /** `#fff` or `#111827`, whichever reads on `accent`. */
  ink: string;
}

/** Dark or white text, whichever reads on a `#rrggbb` colour (relative luminance). */
export function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6 ? '#111827' : '#fff';
}

/**
 * The widget as the store page has it: the app setting (a JSON string or an object), each field
 * at its default (WIDGET_DEFAULTS, a test holds them equal) unless well-formed. Whatever reaches
 * the snippet's CSS or markup is checked this way (colour, radius, icon, side, logo, labels).
 * Never throws. Written small: the snippet carries it.
 */
export function readStoreWidget(raw: unknown): StoreWidget {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every field is checked below
  let v: any = {};
  try {
    v = Object(typeof raw === 'string' ? JSON.parse(raw) : raw);
  } catch {
    // Not JSON: the defaults.
  }
  const label = Object(v.label);
  const nudge = Object(v.nudge);
  // Markup characters never reach the launcher's HTML (the API refuses them too).
  const text = (s: unknown) => (typeof s === 'string' ? s.replace(/[<>&"]/g, '') : '');
  return {
    label: { ar: text(label.ar), en: text(label.en) },
    icon: /^(star|crown)$/.test(v.icon) ? v.icon : 'gift',
    position: v.position === 'start' ? 'start' : 'end',
    accent: /^#[\da-f]{6}$/i.test(v.accent) ? v.accent : null,
    showBalance: v.showBalance !== false,
    radius: v.radius >= 0 && v.radius <= 28 ? v.radius | 0 : 16,
    panel: /^(light|dark)$/.test(v.panel) ? v.panel : 'store',
    nudge: {
      product: nudge.product !== false,
      cart: nudge.cart !== false,
      placement: nudge.placement === 'button' ? 'button' : 'price',
    },
    ink: v.ink === '#111827' ? v.ink : '#fff',
  };
}
