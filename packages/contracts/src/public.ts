import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * The public pages (docs/decisions/044): /privacy and /terms state these figures, and the API
 * enforces the same ones, so the pages cannot drift from what the product does.
 */
/** An uninstalled store's data is deleted once it has been uninstalled and silent this long. */
export const UNINSTALL_GRACE_DAYS = 90;
/** A back-office session signed in with e-mail and password. */
export const MERCHANT_SESSION_TTL_DAYS = 7;
/** A back-office session opened from the Salla dashboard (decision 031). */
export const EMBEDDED_SESSION_TTL_HOURS = 8;

/** The demo store's Salla id (DEMO=1); the read-only demo opens its back-office. */
export const DEMO_MERCHANT_ID = 7_000_001;
/** A read-only demo session (decision 044). */
export const DEMO_VIEWER_SESSION_TTL_HOURS = 2;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 4000;

/** POST /api/contact: a message from the landing page, mailed to SUPPORT_EMAIL. */
export const ContactRequestSchema = z.strictObject({
  name: z.string().trim().min(2).max(CONTACT_NAME_MAX),
  email: z.email().max(254),
  message: z.string().trim().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX),
  /** The language of the page it was written on: the confirmation and the mail's heading. */
  language: z.enum(['ar', 'en']).default('ar'),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;
export type ContactInput = z.input<typeof ContactRequestSchema>;
export const ContactResponseSchema = successEnvelope(z.object({ sent: z.literal(true) }));
