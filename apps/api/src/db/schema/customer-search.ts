import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The local part of a shopper's e-mail (before its first `@`), lower-case and reversed: the
 * expression of customers_email_local_rev_idx. "Ends with" on the local part is "starts with" on
 * this, one range of a btree (docs/decisions/058).
 */
export const emailLocalReversed = (email: AnyPgColumn | ReturnType<typeof sql>) =>
  sql`reverse(split_part(lower(${email}), '@', 1))`;

/**
 * The shoppers whose search text has an `@` anywhere but in a one-`@` e-mail: a name or a mobile
 * with one, or an e-mail with two. Few or none; the predicate of customers_search_odd_at_idx, so
 * it must stay exactly this (the customers list writes it the same way).
 */
export const oddAtPredicate = (t: {
  firstName: AnyPgColumn | ReturnType<typeof sql>;
  lastName: AnyPgColumn | ReturnType<typeof sql>;
  email: AnyPgColumn | ReturnType<typeof sql>;
  mobile: AnyPgColumn | ReturnType<typeof sql>;
}) =>
  sql`(${t.firstName} like '%@%' or ${t.lastName} like '%@%' or ${t.email} like '%@%@%' or ${t.mobile} like '%@%')`;

/**
 * A search with an `@` in it (part of an e-mail, decision 058) without the trigram index, whose
 * posting lists for the common trigrams of a large store's addresses are a million entries long:
 * the e-mails whose local part ends with what comes before the `@`, and the odd rows above.
 */
export function customerSearchIndexes(t: {
  merchantId: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  mobile: AnyPgColumn;
}) {
  return [
    index('customers_email_local_rev_idx').on(
      t.merchantId,
      sql`${emailLocalReversed(t.email)} text_pattern_ops`,
    ),
    index('customers_search_odd_at_idx').on(t.merchantId).where(oddAtPredicate(t)),
  ];
}
