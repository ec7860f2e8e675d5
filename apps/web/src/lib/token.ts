/** The session token as React state: re-renders on login, logout and expiry (lib/storage keeps it). */
import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from './storage';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, getToken);
}
