/**
 * A store's configuration read once per `merchants.config_version`.
 *
 * The database bumps a store's `config_version` in the transaction that changes anything it
 * configures: its row's programme columns, earning rules, tiers and tier settings, campaigns,
 * product rules, rewards and referral settings (the triggers of migrations 0004, 0012, 0030,
 * 0031 and 0033). A caller that reads the store's row fresh can therefore reuse what it loaded for
 * the same version, on this instance, and a change made through any instance is seen by the next
 * read everywhere: its row carries the new version. What is loaded after the row was read is at
 * least as new as that version, never older.
 */
export function storeConfigMemo<T>(
  load: (merchantId: number) => Promise<T>,
  maxStores = 10_000,
): (store: { id: number; configVersion: number }) => Promise<T> {
  const entries = new Map<number, { version: number; value: Promise<T> }>();
  return (store) => {
    const held = entries.get(store.id);
    if (held && held.version === store.configVersion) return held.value;
    const value = load(store.id);
    const entry = { version: store.configVersion, value };
    entries.delete(store.id);
    entries.set(store.id, entry);
    if (entries.size > maxStores) entries.delete(entries.keys().next().value!);
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (entries.get(store.id) === entry) entries.delete(store.id);
    });
    return value;
  };
}
