/** Tables of the inbox domain (see its migration). */
export {};
