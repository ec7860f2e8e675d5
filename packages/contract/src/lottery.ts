/** The lottery endpoints (being written). */
export {};
