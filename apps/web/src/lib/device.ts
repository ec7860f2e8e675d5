/**
 * The device fingerprint the risk signals compare (issue 26): a random id this browser keeps
 * (localStorage) hashed with stable traits of the device (user agent, languages, screen, time
 * zone, cores). It is sent once per login session (POST /wps/kyc/device); the server keeps only
 * a brand-salted hash of it. Never used for anything but finding accounts that share a device.
 */
import { useEffect } from 'react';
import { risk } from '@lobby/contract';
import { call } from './api';
import { useToken } from './token';

const ID_KEY = 'lobby.device.id';
const SENT_KEY = 'lobby.device.sent';

function deviceId(): string {
  try {
    let id = localStorage.getItem(ID_KEY);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(ID_KEY, id);
    }
    return id;
  } catch {
    return 'no-storage';
  }
}

/** The fingerprint: SHA-256 (hex) of the kept id and the device's traits. */
export async function fingerprint(): Promise<string> {
  const n = typeof navigator === 'undefined' ? null : navigator;
  const s = typeof screen === 'undefined' ? null : screen;
  const traits = [
    deviceId(), n?.userAgent ?? '', (n?.languages ?? []).join(','), `${s?.width ?? 0}x${s?.height ?? 0}x${s?.colorDepth ?? 0}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? '', String(n?.hardwareConcurrency ?? 0),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends the fingerprint once for a session token (remembered for the tab). */
export async function reportDevice(token: string): Promise<void> {
  const mark = token.slice(-16);
  try {
    if (sessionStorage.getItem(SENT_KEY) === mark) return;
  } catch {
    /* private mode: send anyway */
  }
  await call(risk.device, { body: { fingerprint: await fingerprint() } });
  try {
    sessionStorage.setItem(SENT_KEY, mark);
  } catch {
    /* private mode */
  }
}

/** Mounted once by the app: reports the device whenever a member session starts. */
export function DeviceReport(): null {
  const token = useToken();
  useEffect(() => {
    if (token && typeof crypto !== 'undefined' && crypto.subtle) void reportDevice(token).catch(() => undefined);
  }, [token]);
  return null;
}
