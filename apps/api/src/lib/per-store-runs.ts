/**
 * Work started after a commit, one run per store at a time on this instance: a start during a
 * store's run asks for one more run after it (so nothing committed meanwhile is missed), never a
 * second run beside it. Failures go to `onError`; the callers' timers retry.
 */
export function createPerStoreRuns(
  work: (merchantId: number) => Promise<unknown>,
  onError: (err: unknown, merchantId: number) => void,
) {
  const running = new Map<number, Promise<unknown>>();
  const again = new Set<number>();

  function start(merchantId: number): void {
    if (running.has(merchantId)) {
      again.add(merchantId);
      return;
    }
    const run = (async () => {
      do {
        again.delete(merchantId);
        await work(merchantId);
      } while (again.has(merchantId));
    })()
      .catch((err: unknown) => onError(err, merchantId))
      .finally(() => running.delete(merchantId));
    running.set(merchantId, run);
  }

  /** Waits for every run started so far, and the ones they asked for (tests, shutdown). */
  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all([...running.values()]);
  }

  return { start, idle };
}
