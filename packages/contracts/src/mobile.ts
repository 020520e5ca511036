import { z } from 'zod';
import { normaliseMobile } from './mobile-number.ts';

export { maskMobile, normaliseMobile, normaliseStoredMobile } from './mobile-number.ts';

/** What a shopper types as a mobile, validated and turned into E.164 (a 400 field error else). */
export const MobileSchema = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const mobile = normaliseMobile(value);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: 'not a mobile number' });
      return z.NEVER;
    }
    return mobile;
  });
