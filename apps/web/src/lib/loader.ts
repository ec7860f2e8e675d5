/** The global loader (a full-page spinner). Every navigation hides it (§2). */
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

export function showLoader(): void {
  count += 1;
  emit();
}
export function hideLoader(): void {
  if (count === 0) return;
  count = 0;
  emit();
}
export function isLoaderVisible(): boolean {
  return count > 0;
}
export function useLoaderVisible(): boolean {
  return useSyncExternalStore(
    (fn) => (listeners.add(fn), () => listeners.delete(fn)),
    isLoaderVisible,
    isLoaderVisible,
  );
}

/** Remove the boot spinner of index.html once React has painted. */
export function hideBootLoader(): void {
  const el = document.getElementById('boot-loader');
  if (el) el.remove();
}
