import { useState, type FormEvent } from 'react';
import { CheckCircle2, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  ContactRequestSchema,
  formatWait,
} from '@nuqat/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { useLandingLanguage } from '../hooks/use-landing-language';

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];

const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:aria-invalid:border-red-400';

/** The field a schema or API issue is about ("body.email" from the API, "email" from Zod). */
function fieldOf(path: unknown): Field | null {
  const last = String(path).split('.').pop();
  return FIELDS.find((field) => field === last) ?? null;
}

/**
 * Validated with the API's own schema before sending; the API's answer decides what is said:
 * sent (with the address it will be answered from), a field error, a wait, or its message.
 */
export function ContactForm() {
  const { t } = useTranslation('landing');
  const { language } = useLandingLanguage();
  const [errors, setErrors] = useState<Partial<Record<Field, true>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldError = (field: Field) =>
    t(`contact.errors.${field}`, {
      min: formatNumber(CONTACT_MESSAGE_MIN, language),
      max: formatNumber(field === 'name' ? CONTACT_NAME_MAX : CONTACT_MESSAGE_MAX, language),
    });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ContactRequestSchema.safeParse({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? '').trim(),
      message: String(data.get('message') ?? ''),
      language,
    });
    setFailure(null);
    if (!parsed.success) {
      const next: Partial<Record<Field, true>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field) next[field] = true;
      }
      setErrors(next);
      const first = FIELDS.find((field) => next[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify(parsed.data),
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        code?: string;
        retryAfter?: number;
        issues?: { path: string }[];
      } | null;
      if (response.ok) {
        setSentTo(parsed.data.email);
        form.reset();
        return;
      }
      if (response.status === 400 && body?.issues) {
        const next: Partial<Record<Field, true>> = {};
        for (const issue of body.issues) {
          const field = fieldOf(issue.path);
          if (field) next[field] = true;
        }
        setErrors(next);
        return;
      }
      if (response.status === 429) {
        const wait = body?.retryAfter ?? Number(response.headers.get('retry-after') ?? 60);
        setFailure(t('contact.rateLimited', { wait: formatWait(wait, language) }));
        return;
      }
      setFailure(body?.message ?? t('contact.failed'));
    } catch {
      setFailure(t('contact.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-2">
          <p className="font-bold">{t('contact.sent.title')}</p>
          <p>
            {t('contact.sent.body')} <bdi dir="ltr">{sentTo}</bdi>
          </p>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="font-semibold underline underline-offset-4"
          >
            {t('contact.sent.another')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby="contact-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      {(['name', 'email'] as const).map((field) => (
        <div key={field} className="space-y-1.5">
          <label
            htmlFor={`contact-${field}`}
            className="block text-sm font-semibold text-slate-800 dark:text-slate-200"
          >
            {t(`contact.${field}`)}
          </label>
          <input
            id={`contact-${field}`}
            name={field}
            type={field === 'email' ? 'email' : 'text'}
            dir={field === 'email' ? 'ltr' : 'auto'}
            autoComplete={field === 'email' ? 'email' : 'name'}
            maxLength={field === 'name' ? CONTACT_NAME_MAX : 254}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `contact-${field}-error` : undefined}
            className={inputClass}
          />
          {errors[field] ? (
            <p id={`contact-${field}-error`} className="text-sm text-red-700 dark:text-red-300">
              {fieldError(field)}
            </p>
          ) : null}
        </div>
      ))}
      <div className="space-y-1.5">
        <label
          htmlFor="contact-message"
          className="block text-sm font-semibold text-slate-800 dark:text-slate-200"
        >
          {t('contact.message')}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          dir="auto"
          maxLength={CONTACT_MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className={inputClass}
        />
        {errors.message ? (
          <p id="contact-message-error" className="text-sm text-red-700 dark:text-red-300">
            {fieldError('message')}
          </p>
        ) : null}
      </div>
      <div role="alert" className="text-sm text-red-700 empty:hidden dark:text-red-300">
        {failure}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('contact.note')}</p>
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'lg' })}>
          <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {busy ? t('contact.sending') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
