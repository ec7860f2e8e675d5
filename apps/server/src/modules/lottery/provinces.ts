import { lottery } from '@lobby/contract';
import { AppError } from '../../plugins/errors.ts';

/**
 * The Vietnamese lottery's weekly schedule (xổ số kiến thiết, the widely published calendar of
 * the state lottery companies): the north (XSMB, 18:15 GMT+7) draws once a day, the province of
 * the day named; the south (XSMN, 16:15) and the centre (XSMT, 17:15) draw 2–4 provinces a day.
 * Weekday 0 = Sunday (Chủ nhật), 1 = Monday (Thứ hai) … 6 = Saturday (Thứ bảy), in Vietnam's time.
 */
export interface Province { code: string; name: string }

const P = (code: string, name: string): Province => ({ code, name });
type VnRegion = lottery.VnRegion;
const HCM = P('HCM', 'TP. Hồ Chí Minh'), DNG = P('DNG', 'Đà Nẵng'), KH = P('KH', 'Khánh Hòa'), TTH = P('TTH', 'Thừa Thiên Huế');
const HN = P('HN', 'Hà Nội');

export const VN_SCHEDULE: Readonly<Record<VnRegion, readonly (readonly Province[])[]>> = {
  north: [[P('TB', 'Thái Bình')], [HN], [P('QN', 'Quảng Ninh')], [P('BN', 'Bắc Ninh')], [HN], [P('HP', 'Hải Phòng')], [P('ND', 'Nam Định')]],
  south: [
    [P('TG', 'Tiền Giang'), P('KG', 'Kiên Giang'), P('DL', 'Đà Lạt')],
    [HCM, P('DT', 'Đồng Tháp'), P('CM', 'Cà Mau')],
    [P('BTR', 'Bến Tre'), P('VT', 'Vũng Tàu'), P('BL', 'Bạc Liêu')],
    [P('DN', 'Đồng Nai'), P('CT', 'Cần Thơ'), P('ST', 'Sóc Trăng')],
    [P('TN', 'Tây Ninh'), P('AG', 'An Giang'), P('BTH', 'Bình Thuận')],
    [P('VL', 'Vĩnh Long'), P('BD', 'Bình Dương'), P('TV', 'Trà Vinh')],
    [HCM, P('LA', 'Long An'), P('BP', 'Bình Phước'), P('HG', 'Hậu Giang')],
  ],
  central: [
    [P('KT', 'Kon Tum'), KH, TTH],
    [P('PY', 'Phú Yên'), TTH],
    [P('DLK', 'Đắk Lắk'), P('QNM', 'Quảng Nam')],
    [DNG, KH],
    [P('BDI', 'Bình Định'), P('QT', 'Quảng Trị'), P('QB', 'Quảng Bình')],
    [P('GL', 'Gia Lai'), P('NT', 'Ninh Thuận')],
    [DNG, P('QNG', 'Quảng Ngãi'), P('DNO', 'Đắk Nông')],
  ],
};

const VN_OFFSET_MS = 7 * 3_600_000;
/** The weekday in Vietnam (GMT+7) of an instant. */
export const vnWeekday = (at: Date) => new Date(at.getTime() + VN_OFFSET_MS).getUTCDay();

/** The provinces drawing at a region's draw instant. */
export const provincesAt = (region: VnRegion, drawAt: Date): readonly Province[] => VN_SCHEDULE[region][vnWeekday(drawAt)];

/** Every province code and name (the console and the pages name an issue's province). */
const NAMES = new Map(Object.values(VN_SCHEDULE).flat(2).map((p) => [p.code, p.name]));
export const provinceName = (code: string | null) => (code === null ? null : NAMES.get(code) ?? code);

/** The numero of a province's issue: the day's numero and, in the south and centre, the province. */
export const provinceNumero = (region: VnRegion, dayNumero: string, p: Province) => (region === 'north' ? dayNumero : `${dayNumero}-${p.code}`);

export type Prizes = { prize: string; numbers: string[] }[];

/**
 * Checks an official result against the region's structure (north 27 numbers: ĐB 1×5, G1 1×5,
 * G2 2×5, G3 6×5, G4 4×4, G5 6×4, G6 3×3, G7 4×2; south and centre 18: ĐB 1×6, G1 1×5, G2 1×5,
 * G3 2×5, G4 7×5, G5 1×4, G6 3×4, G7 1×3, G8 1×2): every prize in order, its count of numbers,
 * each of its digits. Answers the result as stored; lottery.result.invalid names the first fault.
 */
export function checkResult(region: VnRegion, prizes: Prizes): { special: string; prizes: Prizes; numbers: string[] } {
  const structure = lottery.VN_STRUCTURE[region];
  const bad = (s: (typeof structure)[number], got: string | number) => new AppError('lottery.result.invalid', { prize: s.prize, count: s.count, digits: s.digits, got });
  const byName = new Map(prizes.map((p) => [String(p.prize).toUpperCase(), p.numbers]));
  const unknown = prizes.find((p) => !structure.some((s) => s.prize === String(p.prize).toUpperCase()));
  if (unknown) throw new AppError('lottery.result.invalid', { prize: String(unknown.prize) || '""', count: 0, digits: 0, got: unknown.numbers.length });
  const out: Prizes = structure.map((s) => {
    const numbers = (byName.get(s.prize) ?? []).map((n) => String(n).trim());
    if (numbers.length !== s.count) throw bad(s, numbers.length);
    const re = new RegExp(`^[0-9]{${s.digits}}$`);
    const wrong = numbers.find((n) => !re.test(n));
    if (wrong !== undefined) throw bad(s, wrong || '""');
    return { prize: s.prize, numbers };
  });
  return { special: out[0].numbers[0], prizes: out, numbers: out.flatMap((p) => p.numbers) };
}

/** Two entries give the same result (after checking): every prize's numbers equal, in order. */
export const sameResult = (a: Prizes, b: Prizes) => JSON.stringify(a) === JSON.stringify(b);

/** The prizes whose numbers differ between two entries (the console shows them on a mismatch). */
export const differingPrizes = (a: Prizes, b: Prizes) => a.filter((p, i) => JSON.stringify(p.numbers) !== JSON.stringify(b[i]?.numbers)).map((p) => p.prize);

/** Hours after its draw time a VN issue waits for its official result before it is void and refunded (brand config lottery.resultVoidHours). */
export const DEFAULT_RESULT_VOID_HOURS = 24;
export const resultVoidMs = (brand: { config: { lottery?: { resultVoidHours?: number } } }) =>
  (brand.config.lottery?.resultVoidHours ?? DEFAULT_RESULT_VOID_HOURS) * 3_600_000;
