/** The contracts endpoints (being written). */
export {};
