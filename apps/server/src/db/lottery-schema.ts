/** Tables of the lottery domain (see its migration). */
export {};
