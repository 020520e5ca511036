import { useTranslation } from 'react-i18next';
import { ExternalLink, Mail, MessageCircle, Store } from 'lucide-react';
import { SUPPORT } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';

const CARDS = [
  {
    key: 'email',
    href: `mailto:${SUPPORT.email}`,
    icon: Mail,
    value: SUPPORT.email,
    external: false,
  },
  {
    key: 'whatsapp',
    href: `https://wa.me/${SUPPORT.whatsapp.replace(/\D/g, '')}`,
    icon: MessageCircle,
    value: SUPPORT.whatsapp,
    external: true,
  },
  {
    key: 'appStore',
    href: SUPPORT.sallaAppStore,
    icon: Store,
    value: new URL(SUPPORT.sallaAppStore).host,
    external: true,
  },
] as const;

/** Spec §2: the support cards, each a real link that goes where its label says. */
export function SupportCards() {
  const { t } = useTranslation('merchant');
  return (
    <section aria-labelledby="support-title" className="space-y-4">
      <h2 id="support-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('dashboard.support.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {CARDS.map(({ key, href, icon: Icon, value, external }) => (
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
                    {t(`dashboard.support.${key}`)}
                    {external ? (
                      <ExternalLink aria-hidden="true" className="size-3.5 text-slate-400" />
                    ) : null}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t(`dashboard.support.${key}Text`)}
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
