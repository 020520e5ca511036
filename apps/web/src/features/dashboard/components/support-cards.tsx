import { useTranslation } from 'react-i18next';
import { ExternalLink, Mail, MessageCircle, Store } from 'lucide-react';
import type { SupportContacts } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { useSupportContacts, whatsappHref } from '../../../lib/support-contacts';

/** The cards the configuration allows: a detail that is not set has no card. */
function cardsOf(support: SupportContacts) {
  return [
    support.email
      ? {
          key: 'email',
          href: `mailto:${support.email}`,
          icon: Mail,
          value: support.email,
          external: false,
        }
      : null,
    support.whatsapp
      ? {
          key: 'whatsapp',
          href: whatsappHref(support.whatsapp),
          icon: MessageCircle,
          value: `+${support.whatsapp}`,
          external: true,
        }
      : null,
    {
      key: 'appStore',
      href: support.appStoreUrl,
      icon: Store,
      value: new URL(support.appStoreUrl).host,
      external: true,
    },
  ].filter((card) => card !== null);
}

/** Spec §2: the support cards, each a real link that goes where its label says. */
export function SupportCards() {
  const { t } = useTranslation('merchant');
  const support = useSupportContacts();
  if (!support) return null;
  return (
    <section aria-labelledby="support-title" className="space-y-4">
      <h2 id="support-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('dashboard.support.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {cardsOf(support).map(({ key, href, icon: Icon, value, external }) => (
          <li key={key}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <a
                href={href}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="flex h-full items-start gap-3 rounded-2xl p-4 focus-visible:outline-2 focus-visible:outline-brand-600"
                data-testid={`support-${key}`}
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 space-y-1">
                  <span className="flex items-center gap-1.5 font-semibold text-slate-900 dark:text-white">
                    {t(`dashboard.support.${key as 'email' | 'whatsapp' | 'appStore'}`)}
                    {external ? (
                      <ExternalLink aria-hidden="true" className="size-3.5 text-slate-400" />
                    ) : null}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t(`dashboard.support.${key as 'email' | 'whatsapp' | 'appStore'}Text`)}
                  </span>
                  <bdi
                    dir="ltr"
                    className="block truncate text-sm text-brand-700 dark:text-brand-300"
                  >
                    {value}
                  </bdi>
                </span>
              </a>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
