import { useTranslation } from 'react-i18next';
import { formatWait } from '@nuqat/contracts';
import { ApiError, InvalidResponseError, NetworkError } from './api-client';
import { i18n } from './i18n';

/**
 * Something to tell the merchant, kept as a catalogue key (not text) so it follows a language
 * switch. `text` is used only for server prose the catalogue cannot translate.
 */
export type Message =
  | { key: string; values?: Record<string, string | number>; text?: never }
  | { text: string; key?: never; values?: never };

export interface ErrorMessageOptions {
  /** Decides before the generic rules (e.g. any 400 from verify-reset-code). */
  byStatus?: Partial<Record<number, Message>>;
  /** An HTTP error with neither a known code nor server text. */
  unknownHttp?: (status: number) => Message;
  /** No answer from the server, or a failure that is not an HTTP error. */
  fallback?: Message;
}

/**
 * Codes map to translated text (`common:errors.<CODE>`); server prose is shown only when the code
 * is not one we know; everything else gets the caller's fallback.
 */
export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): Message {
  const fallback = options.fallback ?? { key: 'common:errors.unexpected' };
  if (error instanceof ApiError) {
    const byStatus = options.byStatus?.[error.status];
    if (byStatus) return byStatus;
    if (error.code === 'RATE_LIMITED') {
      return error.retryAfter === null
        ? { key: 'common:errors.rateLimitedLater' }
        : {
            key: 'common:errors.RATE_LIMITED',
            values: { wait: formatWait(error.retryAfter, i18n.language === 'en' ? 'en' : 'ar') },
          };
    }
    if (error.code) return { key: `common:errors.${error.code}` };
    if (error.serverMessage) return { text: error.serverMessage };
    return options.unknownHttp?.(error.status) ?? fallback;
  }
  if (error instanceof InvalidResponseError) return { key: 'common:errors.invalidResponse' };
  if (error instanceof NetworkError && !options.fallback) {
    return { key: error.reason === 'timeout' ? 'common:errors.timeout' : 'common:errors.network' };
  }
  return fallback;
}

/**
 * What a failed action adds to its own message ("Failed to save the reward"): the reason, when
 * the server gave a code that says more than "something went wrong".
 */
export function failureDetail(error: unknown): Message | null {
  if (error instanceof ApiError) {
    if (!error.code || error.code === 'INTERNAL_ERROR') return null;
    return errorMessage(error);
  }
  if (error instanceof NetworkError || error instanceof InvalidResponseError) {
    return errorMessage(error);
  }
  return null;
}

/** Resolves a Message with the current language. */
export function useMessageText(): (message: Message) => string {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  return (message) =>
    message.text !== undefined ? message.text : translate(message.key, message.values);
}
