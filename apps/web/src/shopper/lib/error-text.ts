import { ShopperApiError } from './api';
import type { TextKey, Translator } from './i18n';

/**
 * What to tell the shopper about a failed call. The API's own message comes first (spec §8: it is
 * already in the page's language and says exactly what went wrong, e.g. that the points were
 * returned); otherwise a text of our own for the kind of failure, then `fallback`.
 */
export function errorText(error: unknown, t: Translator['t'], fallback: TextKey): string {
  if (!(error instanceof ShopperApiError)) return t(fallback);
  if (error.serverMessage) return error.serverMessage;
  switch (error.kind) {
    case 'timeout':
      return t('errors.timeout');
    case 'network':
      return t('errors.network');
    case 'invalid':
      return t('errors.invalidResponse');
    default:
      return error.status === 404 ? t('errors.notFound') : t(fallback);
  }
}
