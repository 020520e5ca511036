/**
 * Query parameters whose values never reach the logs: unsubscribe tokens, e-mails, codes and the
 * like (a link's token is as good as the customer's click). A value with an `@` in it is taken
 * for an e-mail whatever its name. The names stay, so a line still says what was asked.
 */
const SECRET_PARAM = /token|e-?mail|code|pass|secret|key|sig|auth|session|phone|mobile/i;
const REDACTED = '[redacted]';

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** A request's address for the logs: e-mails and secrets in the query (or path) blanked. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at))
    .split('/')
    .map((segment) => (decoded(segment).includes('@') ? REDACTED : segment))
    .join('/');
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1) return decoded(part).includes('@') ? REDACTED : part;
      const name = part.slice(0, eq);
      const value = decoded(part.slice(eq + 1));
      return SECRET_PARAM.test(decoded(name)) || value.includes('@') ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${path}?${query}`;
}
