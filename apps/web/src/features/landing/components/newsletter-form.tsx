import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { newsletterMailto, openMailDraft } from '../lib/mail-draft';

/**
 * The footer's newsletter box. There is no mailing-list service, so subscribing drafts an
 * e-mail to support in the visitor's mail app and says so, with the address to write to if
 * no app opened. Nothing pretends to have been sent.
 */
export function NewsletterForm({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation('landing');
  const [sentFor, setSentFor] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return;
    openMailDraft(
      newsletterMailto(
        supportEmail,
        t('footer.newsletter.mailSubject'),
        t('footer.newsletter.mailBody', { email }),
      ),
    );
    setSentFor(email);
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="newsletter-title" className="space-y-3">
      <h2 id="newsletter-title" className="text-base font-bold text-white">
        {t('footer.newsletter.title')}
      </h2>
      <p className="text-sm text-slate-300">{t('footer.newsletter.body')}</p>
      <label htmlFor="newsletter-email" className="block text-sm font-medium text-slate-200">
        {t('footer.newsletter.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          dir="ltr"
          autoComplete="email"
          placeholder={t('footer.newsletter.placeholder')}
          className="h-11 min-w-0 flex-1 rounded-xl border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        />
        <button
          type="submit"
          className={buttonClasses({
            className: 'dark:bg-brand-400 dark:hover:bg-brand-300',
          })}
        >
          <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('footer.newsletter.submit')}
        </button>
      </div>
      <div role="status" className="text-sm text-brand-100">
        {sentFor ? (
          <p className="space-y-1">
            <span className="block">
              <Trans
                t={t}
                i18nKey="footer.newsletter.sent"
                values={{ email: sentFor }}
                components={{ bdi: <bdi /> }}
              />
            </span>
            <span className="block">
              {t('footer.newsletter.fallback')}{' '}
              <a href={`mailto:${supportEmail}`} className="font-semibold underline" dir="ltr">
                {supportEmail}
              </a>
            </span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
