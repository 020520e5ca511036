import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format';

/**
 * Zod's own messages are English prose; forms get catalogue keys instead (`common:validation.*`),
 * encoded as "key" or "key|limit", and translate them at render time.
 */
export function validationErrorMap(issue: z.core.$ZodRawIssue): string {
  const input = issue.input;
  const empty =
    input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') return `min|${Number(issue.minimum)}`;
      return empty || Number(issue.minimum) <= 1 ? 'required' : `tooShort|${Number(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'number') return `max|${Number(issue.maximum)}`;
      return `tooLong|${Number(issue.maximum)}`;
    case 'invalid_format':
      if (empty) return 'required';
      return issue.format === 'email' ? 'email' : 'format';
    case 'invalid_type':
      // A number field left empty arrives as NaN; 1.5 where a whole number is needed is not empty.
      if (issue.expected === 'int' && typeof input === 'number' && Number.isFinite(input))
        return 'integer';
      return 'required';
    default:
      return 'format';
  }
}

/** Only the error map is passed: Zod's parse params are otherwise left at their defaults. */
export const formSchemaOptions = { error: validationErrorMap };

/** Turns a field error's message (a key from validationErrorMap or a schema) into text. */
export function useValidationText(): (message: string | undefined) => string | null {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const translate = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  return (message) => {
    if (!message) return null;
    const [key, limit] = message.split('|');
    // Every number in an error has its thousands separators: "1,000,000", not "1000000".
    const figure =
      limit !== undefined && /^-?\d+$/.test(limit) ? formatNumber(Number(limit), language) : limit;
    return translate(key?.includes(':') ? key : `common:validation.${key}`, {
      limit: figure,
      count: limit === undefined ? undefined : Number(limit),
    });
  };
}
