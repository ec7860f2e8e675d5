/** The inbox endpoints (being written). */
export {};
