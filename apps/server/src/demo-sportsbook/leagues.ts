import { createHash } from 'node:crypto';
import type { Sport } from './model.ts';

/**
 * The demo sportsbook's leagues and teams (fictional). A team's strength (−100 .. 100, shown
 * as a rating) is fixed by its place in the list; a fixture's pairing comes from its id.
 */
export type Kind = 'sports' | 'esports';

export interface League { code: string; kind: Kind; sport: Sport; name: { ES: string; EN: string }; teams: string[] }

const strengths = (n: number) => Array.from({ length: n }, (_, i) => Math.round(100 - (200 * i) / (n - 1)));

export const LEAGUES: League[] = [
  { code: 'FBES', kind: 'sports', sport: 'football', name: { ES: 'Liga del Sol', EN: 'Sun League' },
    teams: ['Real Costa', 'Atlético Sierra', 'Deportivo Faro', 'Unión Valle', 'Racing Puerto', 'Sporting Llano', 'CD Olivar', 'Club Brisa'] },
  { code: 'FBEN', kind: 'sports', sport: 'football', name: { ES: 'Premier del Norte', EN: 'Northern Premier' },
    teams: ['Kingsbridge FC', 'Ashford United', 'Harbour City', 'Millbrook Rovers', 'Westvale Athletic', 'Redcliffe Town', 'Stonegate', 'Elmwood Albion'] },
  { code: 'FBSA', kind: 'sports', sport: 'football', name: { ES: 'Copa Andina', EN: 'Andean Cup' },
    teams: ['Cóndores', 'Nacional Altiplano', 'Sportivo Lago', 'Independiente Río', 'Gimnasia Cumbre', 'Estudiantes Pampa', 'Defensores', 'Huracán Sur'] },
  { code: 'BKNA', kind: 'sports', sport: 'basketball', name: { ES: 'Liga Continental', EN: 'Continental Hoops' },
    teams: ['Bay Comets', 'Desert Hawks', 'Lake Giants', 'Metro Kings', 'Canyon Suns', 'River Wolves', 'Harbor Sharks', 'Prairie Bison'] },
  { code: 'BKEU', kind: 'sports', sport: 'basketball', name: { ES: 'Euroliga Demo', EN: 'Euro Demo League' },
    teams: ['Olympia', 'Partizan Sever', 'Baskonia Mar', 'Zalgiris Bay', 'Fenix Roma', 'Alba Nord', 'Maccabi Sol', 'Valencia Azul'] },
  { code: 'TNM', kind: 'sports', sport: 'tennis', name: { ES: 'Abierto Costa (M)', EN: 'Coast Open (M)' },
    teams: ['A. Moreno', 'J. Lindqvist', 'K. Tanaka', 'D. Petrov', 'L. Okafor', 'M. Rossi', 'T. Becker', 'S. Navarro'] },
  { code: 'TNW', kind: 'sports', sport: 'tennis', name: { ES: 'Tour Femenino', EN: 'Women\'s Tour' },
    teams: ['E. Vidal', 'N. Kowalska', 'A. Haddad', 'Y. Chen', 'O. Ivanova', 'C. Duarte', 'M. Okoye', 'L. Fischer'] },
  { code: 'CS2', kind: 'esports', sport: 'cs2', name: { ES: 'CS2 Nexus Masters', EN: 'CS2 Nexus Masters' },
    teams: ['Vortex', 'Nine Lives', 'Iron Wolves', 'Polar Ace', 'Red Mamba', 'Blue Saints', 'Zenith', 'Nova Five'] },
  { code: 'DOTA', kind: 'esports', sport: 'dota2', name: { ES: 'Dota 2 Copa Ancestral', EN: 'Dota 2 Ancients Cup' },
    teams: ['Radiant Dawn', 'Dire Tide', 'Mana Void', 'Roshan Pit', 'Tinker Town', 'Echo Slam', 'Black Hole', 'Aegis Guard'] },
  { code: 'LOL', kind: 'esports', sport: 'lol', name: { ES: 'Liga de la Grieta', EN: 'Rift League' },
    teams: ['Baron Squad', 'Dragon Soul', 'Nexus Breakers', 'Jungle Kings', 'Mid Lane Mafia', 'Top Dogs', 'Ward Gang', 'Flash Point'] },
];

export const leagueOf = (code: string) => LEAGUES.find((l) => l.code === code);

/** The pairing of a fixture: two different teams of the league, and their strengths. */
export function pairing(league: League, matchId: string) {
  const h = createHash('sha256').update(`pairing:${matchId}`).digest();
  const n = league.teams.length;
  const a = h[0] % n;
  const b = (a + 1 + (h[1] % (n - 1))) % n;
  const s = strengths(n);
  return { home: league.teams[a], away: league.teams[b], homeStrength: s[a], awayStrength: s[b] };
}
