/** The announcements endpoints (being written). */
export {};
