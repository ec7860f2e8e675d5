/** The promotions endpoints (being written). */
export {};
