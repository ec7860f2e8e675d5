/**
 * An aggregator seen from the platform: one interface for every operator API (Hub88's today,
 * hub88.ts). The platform asks it for a game URL (real play with the member's launch token, or
 * demo play) and for its game list, which import.ts turns into catalog vendors and games.
 */
import type { KeyObject } from 'node:crypto';

/** How to reach one aggregator for one brand. */
export interface Connection {
  baseUrl: string;
  operatorId: string;
  /** Our newest private key for this aggregator (its public half is what the aggregator verifies). */
  sign: KeyObject;
}

/** One game of the aggregator's list, in the adapter's neutral shape. */
export interface AggregatorGame {
  gameCode: string;
  name: string;
  /** The studio that makes it (Hub88 `product`). */
  supplier: string;
  /** The aggregator's category name ("Video Slots", "Live Casino", …). */
  category: string | null;
  imageUrl: string | null;
  enabled: boolean;
}

export interface LaunchArgs {
  gameCode: string;
  /** null = demo play (play money at the aggregator, no wallet calls). */
  player: { user: string; token: string } | null;
  currency: string;
  lang: string;
  mobile: boolean;
  lobbyUrl?: string;
  ip?: string;
  country?: string;
}

export interface AggregatorAdapter {
  gameList(c: Connection): Promise<AggregatorGame[]>;
  gameUrl(c: Connection, a: LaunchArgs): Promise<string>;
}
