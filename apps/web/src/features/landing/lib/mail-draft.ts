/**
 * There is no newsletter service behind the landing page, so subscribing is an honest e-mail
 * to support, drafted in the visitor's own mail app (see docs/decisions/004-landing-page.md).
 */
export function newsletterMailto(to: string, subject: string, body: string): string {
  const query = new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20');
  return `mailto:${to}?${query}`;
}

/** Hands the draft to the mail app; its own module so tests can replace it. */
export function openMailDraft(href: string): void {
  window.location.assign(href);
}
