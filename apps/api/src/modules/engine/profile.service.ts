import type { Executor } from '../../db/client.ts';
import {
  insertCustomerIfMissing,
  lockCustomer,
  updateCustomer,
  type CustomerRow,
} from './engine.repository.ts';
import type { CustomerFacts } from './facts.ts';

/**
 * Locks the shopper's row (creating it the first time any event names them) and mirrors their
 * profile; an event older than the last one applied does not overwrite it.
 */
export async function lockCustomerWithProfile(
  tx: Executor,
  merchantId: number,
  customer: CustomerFacts,
  at: Date,
): Promise<CustomerRow> {
  // Usually the shopper is known: lock first, create only when missing (one round trip saved).
  let current = await lockCustomer(tx, merchantId, customer.id);
  if (!current) {
    await insertCustomerIfMissing(tx, merchantId, customer.id, at);
    current = (await lockCustomer(tx, merchantId, customer.id))!;
  }
  // An erased shopper (a privacy request) keeps no profile: Salla's copy is not mirrored again.
  if (current.erasedAt) return current;
  const values: Parameters<typeof updateCustomer>[3] = {};
  const newer = !current.profileEventAt || at >= current.profileEventAt;
  if (newer) {
    if (customer.firstName !== undefined) values.firstName = customer.firstName;
    if (customer.lastName !== undefined) values.lastName = customer.lastName;
    if (customer.email !== undefined) values.email = customer.email;
    if (customer.mobile !== undefined) values.mobile = customer.mobile;
    if (customer.avatar !== undefined) values.avatar = customer.avatar;
    values.profileEventAt = at;
  }
  if (customer.birthday !== undefined) {
    const birthday = customer.birthday;
    if (birthday !== current.birthday && newer) {
      values.birthday = birthday;
      values.birthdaySetAt = birthday ? at : null;
    } else if (
      birthday &&
      birthday === current.birthday &&
      current.birthdaySetAt &&
      at < current.birthdaySetAt
    ) {
      // The same birthday seen in an older event: it was set earlier than we thought.
      values.birthdaySetAt = at;
    }
  }
  if (Object.keys(values).length > 0) await updateCustomer(tx, merchantId, customer.id, values);
  return { ...current, ...values } as CustomerRow;
}

/** Mirrors a customer's profile (customer.updated). */
export async function upsertCustomer(
  tx: Executor,
  merchantId: number,
  customer: CustomerFacts,
  at: Date,
): Promise<void> {
  await lockCustomerWithProfile(tx, merchantId, customer, at);
}
