import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { PLAN_IDS } from './plans.ts';
import {
  NUDGE_PLACEMENTS,
  WIDGET_ICONS,
  WIDGET_LIMITS,
  WIDGET_PANEL_MODES,
  WIDGET_POSITIONS,
  type WidgetSettings,
} from './widget-look.ts';

export * from './widget-look.ts';

const Label = z.string().trim().max(WIDGET_LIMITS.label.max);

/** PUT /api/merchants/widget: the whole settings object (docs/decisions/034). */
export const WidgetSettingsSchema = z.strictObject({
  label: z.strictObject({ ar: Label, en: Label }),
  icon: z.enum(WIDGET_ICONS),
  position: z.enum(WIDGET_POSITIONS),
  /** `#rrggbb` (kept lower-case); null = the theme's primary colour. */
  accent: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #RRGGBB')
    .nullable(),
  showBalance: z.boolean(),
  radius: z.number().int().min(WIDGET_LIMITS.radius.min).max(WIDGET_LIMITS.radius.max),
  panel: z.enum(WIDGET_PANEL_MODES),
  showLogo: z.boolean(),
  nudge: z.strictObject({
    product: z.boolean(),
    cart: z.boolean(),
    placement: z.enum(NUDGE_PLACEMENTS),
  }),
}) satisfies z.ZodType<WidgetSettings>;
export type WidgetSettingsInput = z.input<typeof WidgetSettingsSchema>;

export const WidgetStateSchema = z.object({
  settings: WidgetSettingsSchema,
  /** The store's plan: Starter sets the label, icon, position, colour and badges. */
  plan: z.enum(PLAN_IDS).nullable(),
  storeName: z.string(),
  /** The store's logo as Salla gave it (store info `avatar`); null when unknown. */
  logo: z.string().nullable(),
  /** Whether the saved settings reached the store page (Salla's app setting); false → retried. */
  published: z.boolean(),
});
export type WidgetState = z.infer<typeof WidgetStateSchema>;
export const WidgetStateResponseSchema = successEnvelope(WidgetStateSchema);
export type WidgetStateResponse = z.infer<typeof WidgetStateResponseSchema>;
