/** Tables of the demo sportsbook (sports and e-sports): its own books, as an outside vendor keeps them. */
export {};
