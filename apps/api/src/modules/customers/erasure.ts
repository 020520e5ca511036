import { emailKey } from '@nuqat/contracts';

/**
 * Who is being erased, as text can name them (docs/decisions/029): every address we saw them use
 * (Salla's, the ones typed to sign in or claim a referral), their mobile by its last nine digits
 * (+966 5…, 05…, 5… are one number), and their names.
 */
export interface ErasedPerson {
  /** Lower-cased, as seen. */
  addresses: string[];
  /** emailKey() of each: the same mailbox however it is spelled. */
  emailKeys: string[];
  /** The last nine digits, or null when there is no mobile of nine digits or more. */
  mobileDigits: string | null;
  /** Full name first, then each part (two characters at least). */
  names: string[];
}

export function erasedPerson(input: {
  addresses: (string | null)[];
  mobile: string | null;
  firstName: string;
  lastName: string;
}): ErasedPerson {
  const addresses = [
    ...new Set(
      input.addresses.flatMap((a) => (a && a.includes('@') ? [a.trim().toLowerCase()] : [])),
    ),
  ];
  const digits = (input.mobile ?? '').replace(/\D/g, '');
  const full = `${input.firstName} ${input.lastName}`.trim();
  return {
    addresses,
    emailKeys: [...new Set(addresses.map(emailKey))],
    mobileDigits: digits.length >= 9 ? digits.slice(-9) : null,
    names: [
      ...new Set(
        [full, input.firstName.trim(), input.lastName.trim()].filter((n) => n.length >= 2),
      ),
    ],
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Regular expressions (PostgreSQL's, case-insensitive with `~*`) that find the person in stored
 * text: an address standing alone (not the tail of a longer one), the mobile's nine digits with
 * or without 966 / 0 before them and no digit around. Names are not searched this way: a first
 * name is in many people's events; the events that name the person are found by their ids.
 */
export function textPatterns(person: ErasedPerson): string[] {
  const patterns = person.addresses.map(
    (a) => `(^|[^a-z0-9._%+-])${escapeRegex(a)}($|[^a-z0-9._-]|\\.($|[^a-z0-9]))`,
  );
  if (person.mobileDigits) patterns.push(`(^|[^0-9])(\\+?966|0)?${person.mobileDigits}($|[^0-9])`);
  return patterns;
}

export const REDACTED = '[…]';

/**
 * The text with the person taken out: any e-mail address whose key is theirs, any run of digits
 * ending in their mobile's nine, and their names as whole words (Arabic or Latin). What the
 * merchant wrote around them stays.
 */
export function redactPerson(text: string, person: ErasedPerson): string {
  const keys = new Set(person.emailKeys);
  let out = text.replace(/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g, (found) => {
    const address = found.replace(/\.+$/, '');
    return keys.has(emailKey(address)) ? REDACTED + found.slice(address.length) : found;
  });
  if (person.mobileDigits) {
    const mobile = person.mobileDigits;
    out = out.replace(/\+?\d[\d\s-]{7,}\d/g, (found) =>
      found.replace(/\D/g, '').endsWith(mobile) ? REDACTED : found,
    );
  }
  for (const name of person.names)
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(name)}(?![\\p{L}\\p{N}])`, 'giu'),
      REDACTED,
    );
  return out;
}
