import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS, type SocialLinks } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useSaveSocialLinks, useSocialLinks } from '../api/social-links';

/**
 * The store's profiles on Instagram, X, TikTok and Snapchat (docs/decisions/052): the loyalty
 * page asks shoppers to follow them for points. No platform lets an app verify a follow, and the
 * card says so.
 */
export function SocialLinksCard() {
  const { t } = useTranslation('merchant');
  const links = useSocialLinks();
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('social.heading')}</h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('social.description')}
        </p>
        <p className="text-sm leading-relaxed font-medium text-amber-800 dark:text-amber-300">
          {t('social.unverifiable')}
        </p>
      </div>
      {links.data ? <SocialLinksForm initial={links.data} /> : null}
    </Card>
  );
}

function SocialLinksForm({ initial }: { initial: SocialLinks }) {
  const { t } = useTranslation('merchant');
  const save = useSaveSocialLinks();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, initial[n] ?? ''])),
  );
  const wrong = new Set(
    save.error instanceof ApiError ? save.error.issues.map((i) => i.path.split('.').pop()) : [],
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      Object.fromEntries(
        SOCIAL_NETWORKS.map((n) => [n, values[n]!.trim() === '' ? null : values[n]!.trim()]),
      ) as SocialLinks,
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {SOCIAL_NETWORKS.map((network) => (
          <Field
            key={network}
            id={`social-${network}`}
            label={t(`social.networks.${network}`)}
            error={wrong.has(network) ? t(`social.invalid.${network}`) : null}
          >
            {({ describedBy, invalid }) => (
              <Input
                id={`social-${network}`}
                type="url"
                dir="ltr"
                inputMode="url"
                placeholder={t(`social.placeholders.${network}`)}
                value={values[network]}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => setValues((v) => ({ ...v, [network]: e.target.value }))}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {t('social.save')}
        </Button>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {t('social.saved')}
          </p>
        ) : save.isError && wrong.size === 0 ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('social.saveFailed')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
