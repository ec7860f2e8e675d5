import type { games } from '@lobby/contract';
import type { CatalogFile } from './import.ts';

/**
 * The demo catalog: 29 vendors (the 15 footer vendors included) and about 640 games with ES and
 * EN names composed from word lists. Deterministic: the same input always gives the same
 * catalog, so re-seeding is idempotent and tests can rely on names.
 */

type T = games.GameType;
interface VendorDef { code: string; name: string; type: T; games: number }

export const DEMO_VENDORS: VendorDef[] = [
  { code: 'RNG-AURORA', name: 'Aurora Gaming', type: 'RNG', games: 48 },
  { code: 'RNG-NOVA', name: 'Nova Slots', type: 'RNG', games: 44 },
  { code: 'RNG-PIXEL', name: 'Pixel Reels', type: 'RNG', games: 40 },
  { code: 'RNG-JADE', name: 'Jade Studio', type: 'RNG', games: 40 },
  { code: 'RNG-BLAZE', name: 'Blaze Play', type: 'RNG', games: 36 },
  { code: 'RNG-LUCKY', name: 'Lucky Seven', type: 'RNG', games: 36 },
  { code: 'RNG-MAYA', name: 'Maya Spins', type: 'RNG', games: 32 },
  { code: 'RNG-TITAN', name: 'Titan Works', type: 'RNG', games: 32 },
  { code: 'RNG-SAKURA', name: 'Sakura Games', type: 'RNG', games: 30 },
  { code: 'RNG-VOLT', name: 'Volt Interactive', type: 'RNG', games: 30 },
  { code: 'RNG-ORBIT', name: 'Orbit Slots', type: 'RNG', games: 28 },
  { code: 'LIVE-ROYAL', name: 'Royal Live', type: 'LIVE', games: 30 },
  { code: 'LIVE-VELVET', name: 'Velvet Casino', type: 'LIVE', games: 26 },
  { code: 'LIVE-EMPIRE', name: 'Empire Live', type: 'LIVE', games: 22 },
  { code: 'FISH-OCEAN', name: 'Ocean Hunter', type: 'FISH', games: 22 },
  { code: 'FISH-REEF', name: 'Reef Arcade', type: 'FISH', games: 18 },
  { code: 'FISH-KRAKEN', name: 'Kraken Fun', type: 'FISH', games: 16 },
  { code: 'PVP-ROCKET', name: 'Rocket Games', type: 'PVP', games: 24 },
  { code: 'PVP-DICE', name: 'Dice Masters', type: 'PVP', games: 20 },
  { code: 'PVP-CARDS', name: 'Card Room', type: 'PVP', games: 20 },
  { code: 'SPORTS-ARENA', name: 'Arena Sports', type: 'SPORTS', games: 1 },
  { code: 'SPORTS-GOAL', name: 'Goal Bet', type: 'SPORTS', games: 1 },
  { code: 'ESPORTS-NEXUS', name: 'Nexus Esports', type: 'ESPORTS', games: 1 },
  { code: 'ESPORTS-PULSE', name: 'Pulse Esports', type: 'ESPORTS', games: 1 },
  { code: 'LOTT-LOTTO', name: 'Lotto Center', type: 'LOTT', games: 10 },
  { code: 'LOTT-STAR', name: 'Star Lottery', type: 'LOTT', games: 8 },
  { code: 'ELOTT-KENO', name: 'Keno Express', type: 'ELOTT', games: 12 },
  { code: 'ELOTT-FLASH', name: 'Flash Draws', type: 'ELOTT', games: 10 },
  { code: 'COCKFIGHT-GALLO', name: 'Gallo de Oro', type: 'COCKFIGHT', games: 1 },
];

/** Small deterministic PRNG (mulberry32) seeded from a string. */
export function seeded(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Name = { ES: string; EN: string };
type Noun = [en: string, es: string, gender: 'm' | 'f'];
type Adj = [en: string, m: string, f: string];

const NOUNS: Noun[] = [
  ['Dragon', 'Dragón', 'm'], ['Tiger', 'Tigre', 'm'], ['Phoenix', 'Fénix', 'm'], ['Fortune', 'Fortuna', 'f'],
  ['Treasure', 'Tesoro', 'm'], ['Pharaoh', 'Faraón', 'm'], ['Temple', 'Templo', 'm'], ['Jungle', 'Selva', 'f'],
  ['Panda', 'Panda', 'm'], ['Wolf', 'Lobo', 'm'], ['Queen', 'Reina', 'f'], ['King', 'Rey', 'm'],
  ['Star', 'Estrella', 'f'], ['Moon', 'Luna', 'f'], ['Sun', 'Sol', 'm'], ['Diamond', 'Diamante', 'm'],
  ['Pearl', 'Perla', 'f'], ['Fruit', 'Fruta', 'f'], ['Cherry', 'Cereza', 'f'], ['Buffalo', 'Búfalo', 'm'],
  ['Eagle', 'Águila', 'f'], ['Lion', 'León', 'm'], ['Volcano', 'Volcán', 'm'], ['Pyramid', 'Pirámide', 'f'],
  ['Crown', 'Corona', 'f'], ['Mask', 'Máscara', 'f'], ['Wizard', 'Mago', 'm'], ['Witch', 'Bruja', 'f'],
  ['Pirate', 'Pirata', 'm'], ['Viking', 'Vikingo', 'm'], ['Samurai', 'Samurái', 'm'], ['Ninja', 'Ninja', 'm'],
  ['Koi', 'Koi', 'm'], ['Lotus', 'Loto', 'm'], ['Bell', 'Campana', 'f'], ['Clover', 'Trébol', 'm'],
  ['Rose', 'Rosa', 'f'], ['Thunder', 'Trueno', 'm'], ['Goddess', 'Diosa', 'f'], ['Mariachi', 'Mariachi', 'm'],
  ['Cactus', 'Nopal', 'm'], ['Jaguar', 'Jaguar', 'm'], ['Rocket', 'Cohete', 'm'], ['Galaxy', 'Galaxia', 'f'],
];
const ADJS: Adj[] = [
  ['Golden', 'Dorado', 'Dorada'], ['Lucky', 'Afortunado', 'Afortunada'], ['Wild', 'Salvaje', 'Salvaje'],
  ['Mighty', 'Poderoso', 'Poderosa'], ['Hidden', 'Escondido', 'Escondida'], ['Burning', 'Ardiente', 'Ardiente'],
  ['Crystal', 'de Cristal', 'de Cristal'], ['Mystic', 'Místico', 'Mística'], ['Ancient', 'Antiguo', 'Antigua'],
  ['Royal', 'Real', 'Real'], ['Silver', 'Plateado', 'Plateada'], ['Magic', 'Mágico', 'Mágica'],
  ['Sacred', 'Sagrado', 'Sagrada'], ['Frozen', 'Helado', 'Helada'], ['Neon', 'de Neón', 'de Neón'],
  ['Happy', 'Feliz', 'Feliz'], ['Red', 'Rojo', 'Roja'], ['Blue', 'Azul', 'Azul'],
];
const SUFFIXES: Name[] = [
  { EN: 'Deluxe', ES: 'Deluxe' }, { EN: 'Megaways', ES: 'Megaways' }, { EN: 'Hold & Win', ES: 'Hold & Win' },
  { EN: 'Jackpot', ES: 'Jackpot' }, { EN: 'Rising', ES: 'Ascendente' }, { EN: 'Bonanza', ES: 'Bonanza' },
  { EN: 'Link', ES: 'Link' }, { EN: '2', ES: '2' }, { EN: 'Power', ES: 'Power' },
];
const PLACES: Name[] = [
  { EN: 'Egypt', ES: 'Egipto' }, { EN: 'Olympus', ES: 'Olimpo' }, { EN: 'the Aztecs', ES: 'los Aztecas' },
  { EN: 'Atlantis', ES: 'Atlántida' }, { EN: 'the Orient', ES: 'Oriente' }, { EN: 'the North', ES: 'el Norte' },
  { EN: 'Fire', ES: 'Fuego' }, { EN: 'Gold', ES: 'Oro' }, { EN: 'the Sea', ES: 'el Mar' }, { EN: 'Mexico', ES: 'México' },
];

const pick = <X>(r: () => number, xs: readonly X[]): X => xs[Math.floor(r() * xs.length)];

function slotName(r: () => number): Name {
  const n = pick(r, NOUNS);
  const roll = r();
  let name: Name;
  if (roll < 0.5) {
    const a = pick(r, ADJS);
    name = { EN: `${a[0]} ${n[0]}`, ES: `${n[1]} ${n[2] === 'm' ? a[1] : a[2]}` };
  } else if (roll < 0.8) {
    const place = pick(r, PLACES);
    name = { EN: `${n[0]} of ${place.EN}`, ES: `${n[1]} de ${place.ES}`.replace(' de el ', ' del ') };
  } else {
    const o = pick(r, NOUNS.filter((x) => x !== n));
    name = { EN: `${n[0]} & ${o[0]}`, ES: `${n[1]} y ${o[1]}` };
  }
  if (r() < 0.3) {
    const s = pick(r, SUFFIXES);
    name = { EN: `${name.EN} ${s.EN}`, ES: `${name.ES} ${s.ES}` };
  }
  return name;
}

// Every live table is a baccarat table, and every PVP vendor has the games its engine plays
// (crash, dice, baccarat duels): a name always matches the game that opens.
const LIVE_TABLES: Name[] = [
  { EN: 'Baccarat', ES: 'Bacará' }, { EN: 'Speed Baccarat', ES: 'Bacará Rápido' }, { EN: 'Baccarat Squeeze', ES: 'Bacará Squeeze' },
  { EN: 'Mini Baccarat', ES: 'Mini Bacará' }, { EN: 'Punto Banco', ES: 'Punto Banco' }, { EN: 'VIP Baccarat', ES: 'Bacará VIP' },
  { EN: 'Golden Baccarat', ES: 'Bacará Dorado' }, { EN: 'Baccarat Royale', ES: 'Bacará Royale' }, { EN: 'Midnight Baccarat', ES: 'Bacará de Medianoche' },
];
const FISH: Name[] = [
  { EN: 'Ocean King', ES: 'Rey del Océano' }, { EN: 'Fishing War', ES: 'Guerra de Pesca' }, { EN: 'Shark Hunter', ES: 'Cazador de Tiburones' },
  { EN: 'Golden Toad', ES: 'Sapo Dorado' }, { EN: 'Mermaid Bay', ES: 'Bahía Sirena' }, { EN: 'Deep Sea Boss', ES: 'Jefe del Mar Profundo' },
  { EN: 'Lobster Party', ES: 'Fiesta de Langostas' }, { EN: 'Kraken Strike', ES: 'Ataque del Kraken' }, { EN: 'Coral Quest', ES: 'Búsqueda de Coral' },
];
const PVP: Record<string, Name[]> = {
  'PVP-ROCKET': [
    { EN: 'Rocket Crash', ES: 'Cohete Crash' }, { EN: 'Limbo', ES: 'Limbo' }, { EN: 'Moon Shot', ES: 'Disparo Lunar' },
    { EN: 'Jet Climb', ES: 'Ascenso del Jet' }, { EN: 'Sky High', ES: 'Hasta el Cielo' }, { EN: 'Turbo Crash', ES: 'Crash Turbo' },
  ],
  'PVP-DICE': [
    { EN: 'Dice', ES: 'Dados' }, { EN: 'Over Under', ES: 'Más o Menos' }, { EN: 'Lucky Dice', ES: 'Dados de la Suerte' },
    { EN: 'Hi-Lo Dice', ES: 'Dados Alto-Bajo' }, { EN: 'Dice Duel', ES: 'Duelo de Dados' }, { EN: 'Neon Dice', ES: 'Dados Neón' },
  ],
  'PVP-CARDS': [
    { EN: 'Baccarat Duel', ES: 'Duelo de Bacará' }, { EN: 'Punto Banco Duel', ES: 'Duelo Punto Banco' }, { EN: 'Card Clash', ES: 'Choque de Cartas' },
    { EN: 'Banker Battle', ES: 'Batalla de la Banca' }, { EN: 'Nine Points', ES: 'Nueve Puntos' },
  ],
};
const LOTT: Name[] = [
  { EN: 'Lotto 6/49', ES: 'Lotto 6/49' }, { EN: 'Powerball', ES: 'Powerball' }, { EN: 'Mega Lotto', ES: 'Mega Lotto' },
  { EN: 'Daily 3', ES: 'Diario 3' }, { EN: 'Pick 4', ES: 'Elige 4' }, { EN: 'Lucky Numbers', ES: 'Números de la Suerte' },
];
const ELOTT: Name[] = [
  { EN: 'Keno', ES: 'Keno' }, { EN: 'Fast 3', ES: 'Rápido 3' }, { EN: 'Racing 10', ES: 'Carreras 10' },
  { EN: 'Bingo Blast', ES: 'Bingo Explosivo' }, { EN: 'Scratch Card', ES: 'Raspadita' }, { EN: 'Lucky Balls', ES: 'Bolas de la Suerte' },
];
const SINGLE: Record<string, Name> = {
  SPORTS: { EN: 'Sportsbook', ES: 'Apuestas Deportivas' },
  ESPORTS: { EN: 'Esports Arena', ES: 'Arena de Esports' },
  COCKFIGHT: { EN: 'Live Cockfight', ES: 'Pelea de Gallos en Vivo' },
};

function nameFor(v: VendorDef, i: number, r: () => number): Name {
  const variant = (base: Name, list: readonly Name[]) => {
    const round = Math.floor(i / list.length);
    const tag = round === 0 ? '' : ` ${round + 1}`;
    return { EN: `${base.EN}${tag}`, ES: `${base.ES}${tag}` };
  };
  switch (v.type) {
    case 'RNG': return slotName(r);
    case 'LIVE': return variant(LIVE_TABLES[i % LIVE_TABLES.length], LIVE_TABLES);
    case 'FISH': return variant(FISH[i % FISH.length], FISH);
    case 'PVP': { const list = PVP[v.code] ?? PVP['PVP-DICE']; return variant(list[i % list.length], list); }
    case 'LOTT': return variant(LOTT[i % LOTT.length], LOTT);
    case 'ELOTT': return variant(ELOTT[i % ELOTT.length], ELOTT);
    default: return { EN: `${v.name}: ${SINGLE[v.type].EN}`, ES: `${v.name}: ${SINGLE[v.type].ES}` };
  }
}


/** The demo catalog in the import format (see import.ts). */
export function demoCatalog(): CatalogFile {
  const vendorsOut: CatalogFile['vendors'] = [];
  const gamesOut: CatalogFile['games'] = [];
  // Slot names are unique across the catalog; table and arcade names repeat between vendors, as in real lobbies.
  const slotNames = new Set<string>();
  DEMO_VENDORS.forEach((v, vi) => {
    // Sports and e-sports open the demo sportsbook, cockfights the demo derby (their own apps).
    vendorsOut.push({ code: v.code, name: v.name, gameType: v.type, sort: vi + 1, enabled: true, maintenance: false });
    const r = seeded(v.code);
    const seen = v.type === 'RNG' ? slotNames : new Set<string>();
    for (let i = 0; i < v.games; i++) {
      let name = nameFor(v, i, r);
      for (let tries = 0; v.type === 'RNG' && seen.has(name.EN) && tries < 20; tries++) name = nameFor(v, i, r);
      for (let k = 2; seen.has(name.EN); k++) name = { EN: `${name.EN.replace(/ \d+$/, '')} ${k}`, ES: `${name.ES.replace(/ \d+$/, '')} ${k}` };
      seen.add(name.EN);
      const nodeId = String((vi + 1) * 1000 + i + 1);
      const prefix = v.code.split('-')[1].slice(0, 3);
      gamesOut.push({
        nodeId,
        gameCode: `${prefix}${String(i + 1).padStart(3, '0')}`,
        name,
        gameType: v.type,
        vendor: v.code,
        isHot: r() < 0.12 || i === 0,
        // Live tables, sports and lotteries have no free trial; most arcade games do.
        supportPlay: ['RNG', 'FISH', 'PVP', 'ELOTT'].includes(v.type) && r() < 0.7 ? 0 : 1,
        sort: i + 1,
        enabled: true,
      });
    }
  });
  return { vendors: vendorsOut, games: gamesOut };
}
