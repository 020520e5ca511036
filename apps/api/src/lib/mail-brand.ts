import type { WidgetSettings } from '@nuqat/contracts';

/**
 * What a store's shopper e-mails carry of the store (decision 034): its name, logo and accent
 * (the widget's colour), and its contact e-mail for Reply-To, as Salla's store info gave them.
 */
export function storeMailBrand(merchant: {
  storeName: string;
  storeUrl: string | null;
  storeLogoUrl: string | null;
  storeContactEmail: string | null;
  widget: WidgetSettings | null;
}): {
  name: string;
  url: string | null;
  logo: string | null;
  accent: string | null;
  replyTo: string | null;
} {
  return {
    name: merchant.storeName,
    url: merchant.storeUrl,
    logo: merchant.storeLogoUrl,
    accent: merchant.widget?.accent ?? null,
    replyTo: merchant.storeContactEmail,
  };
}
