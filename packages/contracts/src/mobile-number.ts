// Plain (no Zod): the shopper's loyalty page imports these through `@nuqat/contracts/plain`.

/**
 * Mobile numbers as shoppers type them and as Salla stores them, brought to one form: E.164
 * (`+966501234567`). Salla's customer carries `mobile_code` (`+966`) and `mobile` (digits, at
 * times with the trunk 0); shoppers type `+966 50 123 4567`, `00966…`, `966501234567`,
 * `0501234567` or `501234567`, often in Arabic-Indic digits (`٠٥٠١٢٣٤٥٦٧`).
 *
 * Without a country prefix a number is read as Saudi (the stores are Saudi): a Saudi mobile is
 * 5 and eight more digits. With `+` or `00` any country is taken as written (8 to 15 digits, no
 * leading 0 in the country code). Anything else is not a mobile number: `null`.
 */
export function normaliseMobile(input: string): string | null {
  const digitsOnly = toAsciiDigits(input)
    .trim()
    .replace(/[\s\-().\u00a0\u200e\u200f\u202a-\u202e]/g, '');
  let international: string | null = null;
  if (digitsOnly.startsWith('+')) international = digitsOnly.slice(1);
  else if (digitsOnly.startsWith('00')) international = digitsOnly.slice(2);
  if (international !== null) {
    if (!/^[1-9]\d{7,14}$/.test(international)) return null;
    // A Saudi number written with its prefix and the trunk 0 (+966 05…) is still that number.
    if (/^96605\d{8}$/.test(international)) international = `966${international.slice(4)}`;
    if (international.startsWith('966') && !/^9665\d{8}$/.test(international)) return null;
    return `+${international}`;
  }
  if (!/^\d+$/.test(digitsOnly)) return null;
  const saudi = /^(?:966|0)?(5\d{8})$/.exec(digitsOnly);
  return saudi ? `+966${saudi[1]}` : null;
}

/** A customer's number as Salla keeps it (`mobile_code` + `mobile`, either may be empty). */
export function normaliseStoredMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  return normaliseMobile(mobile);
}

/** `+966501234567` → `+966 50 123 4567` for the shopper to recognise, the rest masked. */
export function maskMobile(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  if (digits.length < 6) return '•'.repeat(digits.length);
  return `+${digits.slice(0, 3)} •••• ${digits.slice(-3)}`;
}

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;
function toAsciiDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
