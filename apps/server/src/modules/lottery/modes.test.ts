import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOTTERY_CONFIG, lottery } from '@lobby/contract';
import { useTestApp } from '../../test/harness.ts';
import { brandOf } from '../../test/kits/wallet.ts';
import { bettor, placeSlip, upcoming } from './testkit.ts';

/** §3 brand config: lotteryType Lott and the prize modes a brand offers (LOTT, ZY, ELOTT, SEA). */
const t = useTestApp();
afterEach(() => {
  delete brandOf(t).config.lottery;
});

describe('lottery: the brand\'s lottery type and prize modes', () => {
  it('by default every prize mode and lotteryType Lott', async () => {
    expect(DEFAULT_LOTTERY_CONFIG).toEqual({ lotteryType: 'Lott', prizeModes: [...lottery.PRIZE_MODES] });
    const menu = (await t.call({ method: 'GET', url: '/lotto/lgw/games/game_menu' })).json().value;
    expect(menu.lotteryType).toBe('Lott');
    expect(menu.list).toHaveLength(6);
    expect(menu.list.find((g: { gameCode: string }) => g.gameCode === 'VN-NORTH')).toMatchObject({ prizeModes: ['LOTT', 'ZY', 'SEA'], defaultPrizeMode: 'LOTT' });
  });

  it('a brand offering ZY only: the VN games offer ZY (their default then), the fast games (ELOTT, LOTT) are not offered', async () => {
    brandOf(t).config.lottery = { lotteryType: 'Lott', prizeModes: ['ZY'] };
    const menu = (await t.call({ method: 'GET', url: '/lotto/lgw/games/game_menu' })).json().value;
    expect(menu.list.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VN-NORTH', 'VN-CENTRAL', 'VN-SOUTH']);
    expect(menu.list[0]).toMatchObject({ prizeModes: ['ZY'], defaultPrizeMode: 'ZY' });
    const cur = (await t.call({ method: 'GET', url: '/lotto/lgw/games/current?gameCode=VN-NORTH' })).json().value;
    expect(cur.prizeMode).toBe('ZY');
    expect((await t.call({ method: 'GET', url: '/lotto/lgw/games/current?gameCode=VN-NORTH&prizeMode=LOTT' })).json().errorCode).toBe('lottery.prize.mode.invalid');
    expect((await t.call({ method: 'GET', url: '/lotto/lgw/games/current?gameCode=FAST1' })).json().errorCode).toBe('lottery.game.not.found');

    const { game, draw } = await upcoming(t, 'VN-NORTH');
    const p = await bettor(t);
    const placed = await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'de', numbers: ['45'], amount: '2' }]);
    expect(placed.json.value?.bets[0]).toMatchObject({ prizeMode: 'ZY', odds: String(cur.options.find((o: { betType: string }) => o.betType === 'de').odds) });
    expect((await placeSlip(t, p.token, game.code, draw.numero, [{ betType: 'de', numbers: ['46'], amount: '2' }], { prizeMode: 'LOTT' })).json.errorCode).toBe('lottery.prize.mode.invalid');
    const fast = await upcoming(t, 'FAST1');
    expect((await placeSlip(t, p.token, 'FAST1', fast.draw.numero, [{ betType: 'big', numbers: [], amount: '2' }])).json.errorCode).toBe('lottery.game.not.found');
  });
});
