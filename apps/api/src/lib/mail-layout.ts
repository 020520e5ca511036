/**
 * The frame every mail is written in: the bilingual layout (Arabic first), the store's brand at
 * the top, the privacy link at the foot, and the sender's name. The mails themselves are in
 * mail-templates.ts and in the modules that send them.
 */
import type { Language } from '@nuqat/contracts';
import type { MailMessage, Mailer } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const escapeMailHtml = (s: string) => escapeHtml(s);

/**
 * Arabic block first (RTL), then English (LTR): one message both readers can use. `first: 'en'`
 * puts the English block first for a reader who chose English.
 */
/** A line of a mail that is a link: the label, and the address beside it in the text part. */
export interface MailLink {
  href: string;
  label: string;
}

type MailLine = string | MailLink;

/**
 * A store's e-mail to its shoppers wears the store's name (decision 034): its logo and accent
 * colour in the header; the sender's display name and Reply-To are set on the message.
 */
export interface MailBrand {
  name: string;
  /** An http(s) image address, or null. */
  logo: string | null;
  /** `#rrggbb`, or null for Nuqat's own. */
  accent: string | null;
}

const MAIL_ACCENT = '#0d6d62';

function brandHeader(brand: MailBrand): string {
  const accent = /^#[0-9a-fA-F]{6}$/.test(brand.accent ?? '') ? brand.accent! : MAIL_ACCENT;
  const logo =
    brand.logo && /^https?:\/\//.test(brand.logo)
      ? `<img src="${escapeHtml(brand.logo)}" width="44" height="44" alt="" style="width:44px;height:44px;border-radius:10px;object-fit:contain;vertical-align:middle">`
      : '';
  return `<div data-mail-header style="border-top:6px solid ${accent};padding:16px 0 12px;border-bottom:1px solid #e5e7eb;display:flex;align-items:center;gap:12px">${logo}<strong dir="auto" style="font-size:18px;color:${accent}">${escapeHtml(brand.name)}</strong></div>`;
}

export function bilingual(parts: {
  ar: MailLine[];
  en: MailLine[];
  code?: string;
  link?: { href: string; ar: string; en: string };
  first?: Language;
  /**
   * Small print under both blocks (who sends it, how to stop it), each language in its own
   * block and direction, with an optional link named in both.
   */
  footer?: { ar: string[]; en: string[]; link?: { href: string; ar: string; en: string } };
  /** The store's header (logo, name, accent colour); none for Nuqat's own mails. */
  brand?: MailBrand;
}): {
  text: string;
  html: string;
} {
  const codeText = parts.code ? `\n\n    ${parts.code}\n\n` : '\n';
  const linkText = (label: string) => (parts.link ? `\n${label}: ${parts.link.href}\n` : '');
  const lineText = (line: MailLine) =>
    typeof line === 'string' ? line : `${line.label}: ${line.href}`;
  const textBlock = (lang: Language) => [
    parts[lang].map(lineText).join('\n'),
    codeText,
    linkText(parts.link?.[lang] ?? ''),
  ];
  const order: Language[] = parts.first === 'en' ? ['en', 'ar'] : ['ar', 'en'];
  const footer = parts.footer;
  const footerText = footer
    ? [
        '—',
        ...order.flatMap((lang) => [
          ...footer[lang],
          ...(footer.link ? [`${footer.link[lang]}: ${footer.link.href}`] : []),
        ]),
      ]
    : [];
  const text = [
    ...textBlock(order[0]!),
    '—',
    ...textBlock(order[1]!),
    ...footerText,
    '\nنقاط | Nuqat',
  ].join('\n');
  const codeHtml = parts.code
    ? `<p dir="ltr" style="font-size:28px;letter-spacing:8px;font-weight:700;font-family:monospace;margin:16px 0">${escapeHtml(parts.code)}</p>`
    : '';
  const linkHtml = (label: string) =>
    parts.link ? `<p><a href="${escapeHtml(parts.link.href)}">${escapeHtml(label)}</a></p>` : '';
  const lineHtml = (line: MailLine) =>
    typeof line === 'string'
      ? `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`
      : `<p style="margin:0 0 12px"><a href="${escapeHtml(line.href)}" style="font-weight:700">${escapeHtml(line.label)}</a></p>`;
  const block = (lang: 'ar' | 'en', lines: MailLine[]) =>
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" style="text-align:start;padding:16px 0">${lines
      .map(lineHtml)
      .join(
        '',
      )}${codeHtml}${linkHtml(lang === 'ar' ? (parts.link?.ar ?? '') : (parts.link?.en ?? ''))}</div>`;
  // Each language's small print in its own block and direction, so neither reorders the other.
  const footerBlock = (lang: Language) =>
    footer
      ? `<div data-mail-footer="${lang}" lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" style="text-align:start;color:#6b7280;font-size:12px;padding:4px 0">${footer[
          lang
        ]
          .map((l) => `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`)
          .join('')}${
          footer.link
            ? `<p style="margin:0"><a href="${escapeHtml(footer.link.href)}" style="color:#6b7280">${escapeHtml(footer.link[lang])}</a></p>`
            : ''
        }</div>`
      : '';
  const footerHtml = footer ? `<hr>${order.map(footerBlock).join('')}` : '';
  const html = `<!doctype html><html lang="${order[0]}" dir="${order[0] === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:Tahoma,Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">${parts.brand ? brandHeader(parts.brand) : ''}${block(order[0]!, parts[order[0]!])}<hr>${block(order[1]!, parts[order[1]!])}${footerHtml}<p style="color:#6b7280;font-size:12px"><span lang="ar" dir="rtl">نقاط</span> | <span lang="en" dir="ltr">Nuqat</span></p></body></html>`;
  return { text, html };
}

/**
 * Every e-mail's last line links the privacy policy, in both languages (issue 27, decision
 * 044): the mailer the app composes sends each message through this, whoever wrote it.
 */
export function withPrivacyLink(message: MailMessage, privacyUrl: string): MailMessage {
  const href = escapeHtml(privacyUrl);
  const html =
    `<p data-mail-privacy style="color:#6b7280;font-size:12px;margin:0 0 16px">` +
    `<a href="${href}" lang="ar" dir="rtl" style="color:#6b7280">سياسة الخصوصية</a> | ` +
    `<a href="${href}" lang="en" dir="ltr" style="color:#6b7280">Privacy policy</a></p>`;
  return {
    ...message,
    text: `${message.text}\nسياسة الخصوصية | Privacy policy: ${privacyUrl}`,
    html: message.html.includes('</body>')
      ? message.html.replace('</body>', `${html}</body>`)
      : `${message.html}${html}`,
  };
}

/** A mailer that adds the privacy link to everything it sends. */
export function mailerWithPrivacyLink(mailer: Mailer, privacyUrl: string): Mailer {
  return {
    send: (message) => mailer.send(withPrivacyLink(message, privacyUrl)),
    close: () => mailer.close(),
  };
}

/** The sender's display name and Reply-To of a store's mail; the address stays Nuqat's. */
export function storeSender(
  brand: { name: string; replyTo: string | null } | undefined,
): Pick<MailMessage, 'fromName' | 'replyTo'> {
  if (!brand) return {};
  return { fromName: brand.name, ...(brand.replyTo ? { replyTo: brand.replyTo } : {}) };
}
