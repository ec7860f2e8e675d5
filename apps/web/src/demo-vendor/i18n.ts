/**
 * The game pages' strings, picked from the session's language: Spanish (default) and English
 * here, every other translated language in locales/demo-vendor.<tag>.json (loaded as a chunk by
 * loadLanguage; a key it lacks reads in English).
 */
import { LANGUAGES, RTL_LANGUAGES, TRANSLATED_LANGUAGES, type LanguageCode } from '@lobby/contract';
import { setCurrentLanguage } from '@/lib/storage';

const ES = {
  loading: 'Cargando el juego…',
  close: 'Cerrar',
  balance: 'Saldo',
  playMoney: 'Dinero de prueba',
  ribbon: 'Dinero de prueba · juego gratis, sin dinero real',
  bet: 'Apuesta',
  totalBet: 'Apuesta total',
  win: 'Ganancia',
  youWin: '¡Ganó {amount}!',
  noWin: 'Sin premio esta vez',
  noWinShort: 'Sin premio',
  half: '½',
  double: '×2',
  limits: 'Mín. {min} · Máx. {max}',
  'amount.invalid': 'Escriba un importe válido (hasta 2 decimales).',
  'amount.min': 'La apuesta mínima es {min}.',
  'amount.max': 'La apuesta máxima es {max}.',
  rtp: 'RTP {value}',
  history: 'Mis últimas 10 rondas',
  historyEmpty: 'Aún no ha jugado rondas.',
  time: 'Hora',
  payout: 'Pago',
  result: 'Resultado',
  pending: 'pendiente',
  refunded: 'reembolsada',
  failed: 'fallida',
  fairness: 'Juego justo',
  serverSeedHash: 'Hash de la semilla del servidor (SHA-256)',
  clientSeed: 'Semilla del cliente',
  nonce: 'Próximo nonce',
  changeSeed: 'Cambiar semilla',
  nextSeedHash: 'Hash de la próxima semilla del servidor (se usa al cambiar la semilla del cliente)',
  verifier: 'Abrir el verificador',
  verify: 'Verificar',
  'bac.shoeHash': 'Hash del zapato de esta ronda (SHA-256)',
  seedHelp: 'Al cambiar la semilla se revela la semilla del servidor usada hasta ahora y empieza un par nuevo.',
  revealed: 'Semilla del servidor revelada',
  roundsPlayed: 'Rondas jugadas con ella: {n}',
  verifyNote: 'Para verificar: SHA-256 de la semilla revelada debe ser igual al hash mostrado antes de jugar; cada ronda usa HMAC-SHA256(semilla del servidor, "semilla del cliente:nonce:cursor").',
  'seed.invalid': 'La semilla del cliente lleva de 1 a 64 letras, cifras o símbolos, sin espacios ni acentos.',
  'error.title': 'No se pudo completar',
  'error.network': 'Sin conexión con el juego. Compruebe su red e inténtelo de nuevo.',
  'error.noSession': 'Falta el enlace del juego. Ábralo de nuevo desde el lobby.',
  'error.engine': 'Este juego no existe.',
  retry: 'Reintentar',
  // slot
  'slot.betPerLine': 'Apuesta por línea',
  'slot.spin': 'Girar',
  'slot.freeSpins': 'Giros gratis',
  'slot.freeSpinOf': 'Giro gratis {n} de {total}',
  'slot.freeSpinsWon': '¡{n} giros gratis! Premios ×2',
  'slot.lineWin': 'Línea {line}: {count}× {symbol}',
  'slot.scatter': '{n} scatters',
  'slot.winLines': '{n} líneas ganadoras',
  'slot.winLine': '1 línea ganadora',
  'slot.linesLabel': 'Líneas',
  // baccarat
  'bac.player': 'Jugador',
  'bac.banker': 'Banca',
  'bac.tie': 'Empate',
  'bac.betting': 'Hagan sus apuestas',
  'bac.closesIn': 'Cierra en',
  'bac.dealing': 'Repartiendo…',
  'bac.chips': 'Ficha',
  'bac.place': 'Apostar',
  'bac.clear': 'Borrar',
  'bac.myBets': 'Mis apuestas en esta ronda',
  'bac.noBets': 'Toque una casilla para poner fichas.',
  'bac.road': 'Historial de la mesa',
  'bac.wins': 'Gana {side}',
  'bac.tieResult': 'Empate',
  'bac.pays': 'paga {odds}',
  'bac.natural': 'Natural',
  'bac.waiting': 'Esperando la mesa…',
  'bac.placed': 'Apuesta registrada para esta ronda',
  'bac.seedNote': 'Cada ronda de la mesa tiene su propio zapato: su hash se muestra mientras se apuesta y la semilla se revela con el reparto. El corte mezcla las semillas de cliente de los jugadores de la ronda (semilla del cliente = "id de ronda:SHA-256 de las semillas ordenadas, unidas por comas", nonce 0).',
  'bac.lastSeed': 'Semilla revelada de la ronda {id}',
  'bac.next': 'Próxima ronda en',
  'bac.dealer': 'Crupier',
  'bac.lastBets': '¡Últimas apuestas!',
  'bac.noMoreBets': 'No va más',
  // fish
  'fish.pick': 'Elija un objetivo',
  'fish.shoot': 'Disparar',
  'fish.caught': '¡Capturado! {name} {mult}',
  'fish.escaped': '{name} escapó',
  'fish.chance': 'Probabilidad {value}',
  'fish.boss': '{min}–{max}×',
  // dice
  'dice.target': 'Objetivo',
  'dice.over': 'Mayor que',
  'dice.under': 'Menor que',
  'dice.chance': 'Prob. de ganar',
  'dice.multiplier': 'Multiplicador',
  'dice.roll': 'Tirar',
  'dice.payoutOnWin': 'Pago si gana',
  'dice.rolled': 'Salió {roll}',
  'dice.outOfRange': 'La probabilidad de ganar debe estar entre 1 % y 98 %.',
  // crash
  'crash.cashOut': 'Retiro automático',
  'crash.launch': 'Despegar',
  'crash.auto': 'retiro en {x}',
  'crash.crashed': 'Explotó en {x}',
  'crash.cashedOut': 'Retirado en {x}',
  'crash.cashOutInvalid': 'El retiro automático va de 1.01× a 1000× (2 decimales).',
  'crash.chance': 'Prob. de llegar: {value}',
  'crash.autoOptional': 'Retiro automático (opcional)',
  'crash.autoNone': 'Vacío = sin retiro automático (tope 1000×).',
  'crash.placeBet': 'Apostar',
  'crash.cashOutNow': 'Retirar {amount}',
  'crash.betting': 'Apuestas abiertas · despega en {s} s',
  'crash.flying': 'En vuelo',
  'crash.next': 'Próxima ronda en {s} s',
  'crash.waitNext': 'Las apuestas abren con la próxima ronda.',
  'crash.myBet': 'Su apuesta: {amount}',
  'crash.players': 'Jugadores de la ronda ({n})',
  'crash.noPlayers': 'Aún no hay apuestas en esta ronda.',
  'crash.inFlight': 'en vuelo',
  'crash.lost': 'perdió',
  'crash.you': 'usted',
  'crash.last': 'Últimas rondas',
  'crash.chain': 'Cadena de hashes publicada',
  'crash.terminating': 'Hash final de la cadena (publicado antes de su primera ronda)',
  'crash.roundHash': 'SHA-256 de la semilla de esta ronda (= semilla de la ronda anterior)',
  'crash.salt': 'Sal publicada',
  'crash.chainPos': 'Ronda {i} de {n} de la cadena {id}',
  'crash.lastSeed': 'Semilla revelada de la ronda {id}',
  'crash.chainNote': 'Todos los jugadores comparten el punto de crash de la ronda. Cada ronda usa la semilla anterior de la cadena: SHA-256(semilla de la ronda) = semilla de la ronda anterior, y así hasta el hash final publicado. Resultado = HMAC-SHA256(semilla, sal); con h = sus primeros 13 dígitos hex, punto de crash = máx(1, piso(97 · 2^52 / (2^52 − h)) / 100): RTP 97 %, crash inmediato en 1.00× con prob. 4/101.',
  // keno
  'keno.pick': 'Elija de 1 a 10 números',
  'keno.picked': '{n} de 10 elegidos',
  'keno.quick': 'Al azar',
  'keno.clear': 'Borrar',
  'keno.play': 'Jugar',
  'keno.paytable': 'Tabla de pagos · {n} números',
  'keno.paytable1': 'Tabla de pagos · 1 número',
  'keno.paytable0': 'Tabla de pagos',
  'keno.hits': 'Aciertos',
  'keno.pays': 'Paga',
  'keno.result': '{hits} aciertos de {spots}',
  'keno.result1': '1 acierto de {spots}',
  'keno.legendPick': 'Sus números',
  'keno.legendDrawn': 'Sorteados',
  'keno.legendHit': 'Aciertos',
  'keno.needPicks': 'Elija al menos un número.',
};

type Key = keyof typeof ES;

const EN: Record<Key, string> = {
  loading: 'Loading the game…',
  close: 'Close',
  balance: 'Balance',
  playMoney: 'Play money',
  ribbon: 'Play money · free play, no real money',
  bet: 'Bet',
  totalBet: 'Total bet',
  win: 'Win',
  youWin: 'You won {amount}!',
  noWin: 'No win this time',
  noWinShort: 'No win',
  half: '½',
  double: '×2',
  limits: 'Min {min} · Max {max}',
  'amount.invalid': 'Enter a valid amount (up to 2 decimals).',
  'amount.min': 'The minimum bet is {min}.',
  'amount.max': 'The maximum bet is {max}.',
  rtp: 'RTP {value}',
  history: 'My last 10 rounds',
  historyEmpty: 'No rounds played yet.',
  time: 'Time',
  payout: 'Payout',
  result: 'Result',
  pending: 'pending',
  refunded: 'refunded',
  failed: 'failed',
  fairness: 'Provably fair',
  serverSeedHash: 'Server seed hash (SHA-256)',
  clientSeed: 'Client seed',
  nonce: 'Next nonce',
  changeSeed: 'Change seed',
  nextSeedHash: 'Next server seed hash (used when you change the client seed)',
  verifier: 'Open the verifier',
  verify: 'Verify',
  'bac.shoeHash': 'This round\'s shoe hash (SHA-256)',
  seedHelp: 'Changing the seed reveals the server seed used so far and starts a new pair.',
  revealed: 'Revealed server seed',
  roundsPlayed: 'Rounds played with it: {n}',
  verifyNote: 'To verify: SHA-256 of the revealed seed must equal the hash shown before you played; each round uses HMAC-SHA256(server seed, "client seed:nonce:cursor").',
  'seed.invalid': 'The client seed is 1 to 64 letters, digits or symbols, without spaces or accents.',
  'error.title': 'Could not complete',
  'error.network': 'No connection to the game. Check your network and try again.',
  'error.noSession': 'The game link is missing. Open the game again from the lobby.',
  'error.engine': 'This game does not exist.',
  retry: 'Retry',
  'slot.betPerLine': 'Bet per line',
  'slot.spin': 'Spin',
  'slot.freeSpins': 'Free spins',
  'slot.freeSpinOf': 'Free spin {n} of {total}',
  'slot.freeSpinsWon': '{n} free spins! Wins ×2',
  'slot.lineWin': 'Line {line}: {count}× {symbol}',
  'slot.scatter': '{n} scatters',
  'slot.winLines': '{n} winning lines',
  'slot.winLine': '1 winning line',
  'slot.linesLabel': 'Lines',
  'bac.player': 'Player',
  'bac.banker': 'Banker',
  'bac.tie': 'Tie',
  'bac.betting': 'Place your bets',
  'bac.closesIn': 'Closes in',
  'bac.dealing': 'Dealing…',
  'bac.chips': 'Chip',
  'bac.place': 'Place bet',
  'bac.clear': 'Clear',
  'bac.myBets': 'My bets this round',
  'bac.noBets': 'Tap a spot to place chips.',
  'bac.road': 'Table road',
  'bac.wins': '{side} wins',
  'bac.tieResult': 'Tie',
  'bac.pays': 'pays {odds}',
  'bac.natural': 'Natural',
  'bac.waiting': 'Waiting for the table…',
  'bac.placed': 'Bet placed for this round',
  'bac.seedNote': 'Each table round has its own shoe: its hash is shown while bets are open and the seed is revealed with the deal. The cut mixes in the client seeds of the round\'s players (client seed = "round id:SHA-256 of the seeds, sorted, joined by commas", nonce 0).',
  'bac.lastSeed': 'Revealed seed of round {id}',
  'bac.next': 'Next round in',
  'bac.dealer': 'Dealer',
  'bac.lastBets': 'Last bets!',
  'bac.noMoreBets': 'No more bets',
  'fish.pick': 'Pick a target',
  'fish.shoot': 'Shoot',
  'fish.caught': 'Caught! {name} {mult}',
  'fish.escaped': '{name} escaped',
  'fish.chance': 'Chance {value}',
  'fish.boss': '{min}–{max}×',
  'dice.target': 'Target',
  'dice.over': 'Roll over',
  'dice.under': 'Roll under',
  'dice.chance': 'Win chance',
  'dice.multiplier': 'Multiplier',
  'dice.roll': 'Roll',
  'dice.payoutOnWin': 'Payout on win',
  'dice.rolled': 'Rolled {roll}',
  'dice.outOfRange': 'The win chance must be between 1% and 98%.',
  'crash.cashOut': 'Auto cash-out',
  'crash.launch': 'Launch',
  'crash.auto': 'cash-out at {x}',
  'crash.crashed': 'Crashed at {x}',
  'crash.cashedOut': 'Cashed out at {x}',
  'crash.cashOutInvalid': 'Auto cash-out goes from 1.01× to 1000× (2 decimals).',
  'crash.chance': 'Chance to reach it: {value}',
  'crash.autoOptional': 'Auto cash-out (optional)',
  'crash.autoNone': 'Empty = no auto cash-out (capped at 1000×).',
  'crash.placeBet': 'Place bet',
  'crash.cashOutNow': 'Cash out {amount}',
  'crash.betting': 'Bets open · take-off in {s} s',
  'crash.flying': 'Flying',
  'crash.next': 'Next round in {s} s',
  'crash.waitNext': 'Bets open with the next round.',
  'crash.myBet': 'Your bet: {amount}',
  'crash.players': 'Players this round ({n})',
  'crash.noPlayers': 'No bets in this round yet.',
  'crash.inFlight': 'in flight',
  'crash.lost': 'lost',
  'crash.you': 'you',
  'crash.last': 'Last rounds',
  'crash.chain': 'Published hash chain',
  'crash.terminating': 'Terminating hash of the chain (published before its first round)',
  'crash.roundHash': "SHA-256 of this round's seed (= the previous round's seed)",
  'crash.salt': 'Published salt',
  'crash.chainPos': 'Round {i} of {n} of chain {id}',
  'crash.lastSeed': 'Revealed seed of round {id}',
  'crash.chainNote': "Every player shares the round's crash point. Each round uses the previous seed of the chain: SHA-256(round seed) = the previous round's seed, and so on up to the published terminating hash. Result = HMAC-SHA256(seed, salt); with h = its first 13 hex digits, crash point = max(1, floor(97 · 2^52 / (2^52 − h)) / 100): RTP 97 %, instant crash at 1.00× with probability 4/101.",
  'keno.pick': 'Pick 1 to 10 numbers',
  'keno.picked': '{n} of 10 picked',
  'keno.quick': 'Quick pick',
  'keno.clear': 'Clear',
  'keno.play': 'Play',
  'keno.paytable': 'Paytable · {n} spots',
  'keno.paytable1': 'Paytable · 1 spot',
  'keno.paytable0': 'Paytable',
  'keno.hits': 'Hits',
  'keno.pays': 'Pays',
  'keno.result': '{hits} hits of {spots}',
  'keno.result1': '1 hit of {spots}',
  'keno.legendPick': 'Your numbers',
  'keno.legendDrawn': 'Drawn',
  'keno.legendHit': 'Hits',
  'keno.needPicks': 'Pick at least one number.',
};

/** ES's strings (the completeness test compares every language's file with them). */
export const DEMO_VENDOR_ES: Record<string, string> = ES;

/** A contract language code (ES, EN, PT-BR, CN, AR, ...). */
export type Lang = string;

let current: Lang = 'ES';
let strings: Partial<Record<Key, string>> = {};
const FILES = import.meta.glob<{ default: Partial<Record<Key, string>> }>('../locales/demo-vendor.*.json');
const tagOf = (lang: Lang) => LANGUAGES[lang as LanguageCode]?.locale ?? lang.toLowerCase();

/** The translated language a session or browser names ('pt-BR', 'zh-CN', 'EN', 'ar-EG'), else Spanish. */
export function pickLanguage(language: string | null | undefined): Lang {
  const v = (language ?? '').trim();
  const up = v.toUpperCase();
  if ((TRANSLATED_LANGUAGES as readonly string[]).includes(up)) return up;
  const exact = TRANSLATED_LANGUAGES.find((c) => LANGUAGES[c].locale.toLowerCase() === v.toLowerCase());
  if (exact) return exact;
  const base = v.toLowerCase().split('-')[0];
  return TRANSLATED_LANGUAGES.find((c) => LANGUAGES[c].locale.toLowerCase().split('-')[0] === base) ?? 'ES';
}

/** Show a language now (its file's strings when loaded, English meanwhile); sets <html lang dir>. */
export function setLanguage(lang: Lang): void {
  current = lang;
  strings = {};
  setCurrentLanguage(lang); // money and times in its digits (lib/intl.ts)
  document.documentElement.lang = tagOf(lang);
  document.documentElement.dir = (RTL_LANGUAGES as readonly string[]).includes(lang) ? 'rtl' : 'ltr';
}

/** setLanguage, then its strings from locales/demo-vendor.<tag>.json (ES and EN are built in). */
export async function loadLanguage(lang: Lang): Promise<void> {
  setLanguage(lang);
  const file = FILES[`../locales/demo-vendor.${tagOf(lang)}.json`];
  if (!file) return;
  try {
    const loaded = (await file()).default;
    if (current === lang) strings = loaded;
  } catch {
    // offline: English stays
  }
}

export function getLanguage(): Lang {
  return current;
}

export function t(key: Key, vars?: Record<string, string | number>): string {
  const text = strings[key] ?? (current === 'ES' ? ES : EN)[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/** A localised name from the engines' {ES, EN} objects (or a plain string). */
export function localName(name: unknown, fallback: string): string {
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') {
    const n = name as Record<string, unknown>;
    const v = n[current] ?? (current === 'ES' ? n.ES ?? n.EN : n.EN ?? n.ES);
    if (typeof v === 'string') return v;
  }
  return fallback;
}
