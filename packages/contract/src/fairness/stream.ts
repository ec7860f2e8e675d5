/**
 * The provably fair byte stream, shared by the server (rounds) and the browser (the /fairness
 * verifier): the bytes of round `nonce` are
 *   HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), cursor = 0, 1, …
 * concatenated (32 bytes per cursor), read 4 at a time as big-endian unsigned 32-bit integers
 * (games/rng.ts turns them into floats, unbiased integers and shuffles). The server passes
 * node:crypto's HMAC (same bytes, faster); the browser uses the plain one of sha256.ts.
 */
import { RngBase } from './games/rng.ts';
import { hmacSha256, sha256Hex } from './sha256.ts';

export type Hmac = (key: string, message: string) => Uint8Array;

export class FairStream extends RngBase {
  /** Secret until rotation: kept private so a serialised stream never leaks it. */
  readonly #serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly #hmac: Hmac;
  private cursor = 0;
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(serverSeed: string, clientSeed: string, nonce: number, hmac: Hmac = hmacSha256) {
    super();
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
    this.#serverSeed = serverSeed;
    this.clientSeed = clientSeed;
    this.nonce = nonce;
    this.#hmac = hmac;
  }

  /** Raw block `cursor` of the round (32 bytes). */
  static blockOf(serverSeed: string, clientSeed: string, nonce: number, cursor: number, hmac: Hmac = hmacSha256): Uint8Array {
    return hmac(serverSeed, `${clientSeed}:${nonce}:${cursor}`);
  }

  /** Next `count` bytes of the stream. */
  nextBytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      if (this.offset >= this.block.length) {
        this.block = this.#hmac(this.#serverSeed, `${this.clientSeed}:${this.nonce}:${this.cursor++}`);
        this.offset = 0;
      }
      out[i] = this.block[this.offset++];
    }
    return out;
  }

  uint32(): number {
    const b = this.nextBytes(4);
    return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  }
}

/** SHA-256 (hex) of the server seed's text: the commitment shown before play. */
export const hashSeed = (serverSeed: string) => sha256Hex(serverSeed);
