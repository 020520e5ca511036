import { useEffect } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportContacts } from '@nuqat/contracts';
import { Logo } from '../../components/brand/logo';
import { LanguageToggle } from '../../components/preferences/language-toggle';
import { ThemeToggle } from '../../components/preferences/theme-toggle';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../lib/document-title';
import { useSupportContacts } from '../../lib/support-contacts';
import { legalTexts, type LegalSection, type LegalTexts } from './content';

export type LegalKind = 'privacy' | 'terms';

const linkClass =
  'rounded font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:text-brand-200';

function Section({ section }: { section: LegalSection }) {
  return (
    <section aria-labelledby={`legal-${section.id}`} className="scroll-mt-6 space-y-3">
      <h2
        id={`legal-${section.id}`}
        className="text-lg font-bold text-slate-900 sm:text-xl dark:text-white"
      >
        {section.title}
      </h2>
      {section.paragraphs?.map((text) => (
        <p key={text} className="leading-relaxed text-slate-700 dark:text-slate-300">
          {text}
        </p>
      ))}
      {section.items ? (
        <ul className="list-disc space-y-2 ps-5 leading-relaxed text-slate-700 marker:text-brand-600 dark:text-slate-300">
          {section.items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The operator's legal details from configuration: each line only when it is set. */
function OperatorDetails({
  chrome,
  operator,
}: {
  chrome: LegalTexts['chrome'];
  operator: SupportContacts['operator'] | undefined;
}) {
  const rows = operator
    ? (
        [
          [chrome.operatorName, operator.name],
          [chrome.operatorCr, operator.crNumber],
          [chrome.operatorAddress, operator.address],
          [chrome.operatorEmail, operator.email],
        ] as const
      ).filter((row): row is readonly [string, string] => row[1] !== null)
    : [];
  return (
    <section
      aria-labelledby="legal-operator"
      className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="legal-operator" className="text-lg font-bold text-slate-900 dark:text-white">
        {chrome.operatorTitle}
      </h2>
      {rows.length > 0 ? (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-slate-900 dark:text-slate-100">
                {label === chrome.operatorEmail ? (
                  <a href={`mailto:${value}`} className={linkClass}>
                    <bdi dir="ltr">{value}</bdi>
                  </a>
                ) : label === chrome.operatorCr ? (
                  <bdi dir="ltr">{value}</bdi>
                ) : (
                  // The operator's name and address are written in one language: an Arabic
                  // address keeps its own order on the English page.
                  <bdi dir="auto">{value}</bdi>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : operator ? (
        <p className="text-slate-700 dark:text-slate-300">{chrome.operatorUnset}</p>
      ) : null}
    </section>
  );
}

/** /privacy and /terms: public, in the UI's language, light and dark (docs/decisions/044). */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const texts = legalTexts(language);
  const page = texts[kind];
  const support = useSupportContacts();
  const other: LegalKind = kind === 'privacy' ? 'terms' : 'privacy';

  useEffect(() => {
    document.title = `${page.title} · ${PRODUCT_NAME[language]}`;
  }, [page.title, language]);

  return (
    <div className="min-h-dvh bg-white dark:bg-slate-950">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <Link
            to={paths.home}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'max-sm:px-2' })}
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            {texts.chrome.backHome}
          </Link>
          <div className="flex items-center gap-1">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
        <div className="space-y-4">
          <Logo />
          <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl dark:text-white">
            {page.title}
          </h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">{texts.chrome.lastUpdated}</p>
          <p className="text-lg leading-relaxed text-slate-700 dark:text-slate-300">{page.intro}</p>
        </div>
        <nav
          aria-labelledby="legal-contents"
          className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
        >
          <h2 id="legal-contents" className="mb-2 font-bold text-slate-900 dark:text-white">
            {texts.chrome.contents}
          </h2>
          <ol className="list-decimal space-y-1 ps-5 text-slate-700 dark:text-slate-300">
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#legal-${section.id}`} className={linkClass}>
                  {section.title}
                </a>
              </li>
            ))}
            <li>
              <a href="#legal-operator" className={linkClass}>
                {texts.chrome.operatorTitle}
              </a>
            </li>
          </ol>
        </nav>
        {page.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
        <OperatorDetails chrome={texts.chrome} operator={support?.operator} />
      </main>
      <footer className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm sm:px-6">
          <Link to={paths[other]} className={linkClass}>
            {texts.chrome[other]}
          </Link>
        </div>
      </footer>
    </div>
  );
}
