import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the window has scrolled more than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const read = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribe, read, () => false);
}
