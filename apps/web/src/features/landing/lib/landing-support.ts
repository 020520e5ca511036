import { useSyncExternalStore } from 'react';
import type { SupportContacts } from '@nuqat/contracts';

/** The element the API fills with the deployment's support contacts (landing-page.ts). */
export const SUPPORT_SCRIPT_ID = 'nuqat-support';
export const SUPPORT_PLACEHOLDER = '__NUQAT_SUPPORT__';

let lastText: string | null = null;
let lastValue: SupportContacts | null = null;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What the page was served with; null when nothing valid is there (the dev server, a test). */
function read(): SupportContacts | null {
  const raw = document.getElementById(SUPPORT_SCRIPT_ID)?.textContent ?? '';
  if (raw === lastText) return lastValue;
  lastText = raw;
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    const appStoreUrl = text(data.appStoreUrl);
    const operator = (
      typeof data.operator === 'object' && data.operator !== null ? data.operator : {}
    ) as Record<string, unknown>;
    lastValue = appStoreUrl
      ? {
          email: text(data.email),
          phone: text(data.phone),
          whatsapp: text(data.whatsapp),
          appStoreUrl,
          demo: data.demo === true,
          operator: {
            name: text(operator.name),
            crNumber: text(operator.crNumber),
            address: text(operator.address),
            email: text(operator.email),
          },
        }
      : null;
  } catch {
    lastValue = null;
  }
  return lastValue;
}

const subscribe = () => () => {};

/**
 * The support contacts the server put in the page. The page is rendered at build time, when they
 * are not known: the build and the first (hydrating) render show none, then the browser shows
 * what the server injected — a detail that is not configured is never shown.
 */
export function useLandingSupport(): SupportContacts | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
