import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExternalLinkProps extends Omit<ComponentProps<'a'>, 'target' | 'rel' | 'href'> {
  href: string;
  /** A name to use instead of the visible content (e.g. for a logo); "new tab" is added. */
  label?: string;
}

/** Opens another site in a new tab, without giving it a handle on this page, and says so. */
export function ExternalLink({ href, label, children, ...props }: ExternalLinkProps) {
  const { t } = useTranslation('landing');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={label ? `${label} ${t('newTab')}` : undefined}
      {...props}
    >
      {children}
      {label ? null : <span className="sr-only"> {t('newTab')}</span>}
    </a>
  );
}
