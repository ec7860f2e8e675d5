/** TOTP of operators (RFC 6238, 30 s, 6 digits, SHA-1: what authenticator apps expect). */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const ISSUER = 'Lobby Console';

export const newSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = 'operator') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** The 30 s step the code belongs to (±1 step of clock drift), or null when it is wrong. */
export function verifyCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 30_000) + delta;
}

export async function enrolment(secret: string, username: string) {
  const otpauthUrl = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUrl, secret, qrSvg };
}
