/**
 * Whether this document is Nuqat's embedded entry (embedded.html, served at /embedded inside
 * the Salla merchant dashboard; docs/decisions/031). There the language and theme follow Salla,
 * nothing is kept in the browser's storage, and the session lives in memory as a bearer token.
 */
export function isEmbeddedDocument(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector('meta[name="nuqat-embedded"]') !== null
  );
}
