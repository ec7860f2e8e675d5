/** Where an aggregator calls our Hub88 wallet API for a brand (seamless-wallet serves it; the brand and partner are path segments). */
import type { Brand } from '../../plugins/merchant.ts';

export function walletUrlOf(origin: string, brand: Brand, code: string): string {
  return `${origin.replace(/\/+$/, '')}/wallet/hub88/${encodeURIComponent(brand.code)}/${encodeURIComponent(code)}`;
}
