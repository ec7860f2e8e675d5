/**
 * What the wallet reads of the game catalog: a game by node id or code, its vendor and type. The
 * games module's Catalog has this shape and is passed in; the wallet does not import games (games
 * imports the wallet to open launch tokens).
 */
export interface WalletGame {
  nodeId: string;
  gameCode: string;
  gameType: string;
  vendor: { code: string };
}
export interface WalletCatalog {
  readonly games: readonly WalletGame[];
  game(nodeId: string): WalletGame | undefined;
}
