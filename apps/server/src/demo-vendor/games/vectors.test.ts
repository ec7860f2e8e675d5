import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairStream, hmacSha256, lotteryDigits, lotteryResult, sha256Hex, toHex, verifyRound, VERIFY_GAMES } from '@lobby/contract/fairness';
import { resultOf } from '../../modules/lottery/rules.ts';
import { ENGINES } from '../engines.ts';
import { FairRng } from './fair.ts';

/**
 * Fixed vectors (issue 21): the shared stream (browser verifier) and the server's stream must be
 * the widely published construction HMAC-SHA256(key = serverSeed, message = "clientSeed:nonce:cursor").
 * The expected values below were computed independently (Python's hmac/hashlib).
 */
const SEED = 'a3f1c2e4b5d6978812345678909abcdefa3f1c2e4b5d6978812345678909abcd';
const VECTORS: [string, number, number, string][] = [
  ['lucky-player', 0, 0, '648e55a50bdce2dc556a5e1f8ce4f6d6f97d8b8b1209f6d021547e119766a037'],
  ['lucky-player', 1, 0, 'b70cc77bdaa11ed8340a15fe970ed2554a45517a5e42128b75571be384f20a8c'],
  ['lucky-player', 1, 1, 'bd88547a6620b6b39126d24da10e362d8d696eac5333a2d1c7c1fce9b0a73936'],
  ['abc', 42, 0, 'a795b2e9966866111ac06472fbaa4560fb4811516988123db593833936cdd456'],
];

describe('fairness vectors', () => {
  it('plain SHA-256 / HMAC match RFC 4231 case 2 and node:crypto', () => {
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(sha256Hex(SEED)).toBe('42dcf2107d5b64adbc2db88f0f22c680ad21f067e283dc0641633e2e7dc4295b');
    const longKey = 'k'.repeat(100);
    for (const msg of ['', 'a', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200), 'ñandú:1:2']) {
      expect(toHex(hmacSha256(longKey, msg))).toBe(createHmac('sha256', longKey).update(msg).digest('hex'));
    }
  });

  it.each(VECTORS)('block %s:%i:%i is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor")', (client, nonce, cursor, hex) => {
    expect(toHex(FairStream.blockOf(SEED, client, nonce, cursor))).toBe(hex);
    expect(FairRng.block(SEED, client, nonce, cursor).toString('hex')).toBe(hex);
    // the stream reads cursor 0 then 1, 4 bytes at a time
    const s = new FairStream(SEED, client, nonce);
    const bytes = toHex(s.nextBytes(64));
    if (cursor === 0) expect(bytes.slice(0, 64)).toBe(hex);
    else expect(bytes.slice(64)).toBe(hex);
  });

  it('a dice roll: the first 4 bytes b70cc77b = 3071068027, below the rejection limit, mod 10000 = 8027 -> 80.27', () => {
    const v = verifyRound({ game: 'dice', serverSeed: SEED, clientSeed: 'lucky-player', nonce: 1, params: { target: 50, direction: 'under' } });
    expect(v.outcome).toMatchObject({ roll: 80.27, win: false });
    expect(v.serverSeedHash).toBe('42dcf2107d5b64adbc2db88f0f22c680ad21f067e283dc0641633e2e7dc4295b');
  });

  it('the lottery rule (drop bytes >= 250, byte mod 10, cursor per block) gives the published digits, both sides', () => {
    expect(lotteryDigits(SEED, 'FAST1', '20261127-0001', 5)).toBe('59031');
    expect(resultOf('fast', null, SEED, 'FAST1', '20261127-0001').special).toBe('59031');
    const north = lotteryResult('vn', 'north', SEED, 'VN-NORTH', '20261127');
    expect(north.numbers.join('')).toBe('16670292472650385964799690941556830656006258556054427950451338383293117846203256327336928644542571130035993');
    expect(resultOf('vn', 'north', SEED, 'VN-NORTH', '20261127')).toEqual(north);
  });

  it('the verifier replays every game exactly as the server engine (same stream, same outcome)', () => {
    const inputs: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
      slot5: [{ betPerLine: '0.10' }, {}],
      fish: [{ bet: '1.00', target: 'CLOWNFISH' }, { target: 'CLOWNFISH' }],
      dice: [{ bet: '1.00', target: 50, direction: 'over' }, { target: 50, direction: 'over' }],
      keno: [{ bet: '1.00', picks: [1, 2, 3, 4, 5] }, { picks: [1, 2, 3, 4, 5] }],
      baccarat: [{ player: '1.00' }, {}],
    };
    for (const game of VERIFY_GAMES) {
      // crash rounds come from the hash chain, not this stream (crash-chain.test.ts)
      if (game === 'lottery' || game === 'crash') continue;
      for (let nonce = 0; nonce < 20; nonce++) {
        const [input, params] = inputs[game];
        const server = ENGINES[game].play(input, new FairRng(SEED, 'c', nonce)).outcome as Record<string, unknown>;
        const browser = verifyRound({ game, serverSeed: SEED, clientSeed: 'c', nonce, params }).outcome;
        const drawn = (o: Record<string, unknown>) => JSON.stringify(o, (k, x: unknown) => (['win', 'payout', 'lineWins', 'totalWin', 'winAmount', 'bet', 'cashOut'].includes(k) || typeof x === 'bigint' ? undefined : x));
        expect(drawn(browser), `${game} ${nonce}`).toBe(drawn(JSON.parse(JSON.stringify(server, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)))));
      }
    }
  });
});
