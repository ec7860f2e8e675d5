/** Tables of the demo cockfight derby: its own books, as an outside vendor keeps them. */
export {};
