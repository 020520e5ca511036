/**
 * The identity of an e-mail address for every "is this the same shopper?" check: sign-in,
 * referral claims (own link, already claimed, already a customer), imports and their limits.
 * One mailbox answers to many spellings — `Ali@Gmail.com`, `ali+promo@gmail.com`,
 * `a.li@googlemail.com` all reach the same inbox — and a check that compares the raw strings can
 * be walked around with them (issue 22: one mailbox farmed a referral gift per `+tag`).
 *
 * The key: trimmed and lower-cased; the local part loses everything from the first `+`
 * (sub-addressing, which Gmail, Outlook, iCloud, Fastmail, Proton and most hosts deliver to the
 * same mailbox); for Gmail, whose local parts ignore dots and whose `googlemail.com` is the same
 * domain, the dots go too. It is a key for comparing, never an address to send to: mail still
 * goes to the address the shopper or Salla gave.
 *
 * The database holds the same rule as `nuqat_email_key(text)` (migration 0016) for its indexes;
 * `email-key.test.ts` in the API checks the two agree.
 */
export function emailKey(email: string): string {
  const address = email.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
