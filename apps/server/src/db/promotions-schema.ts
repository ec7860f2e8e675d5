/** Tables of the promotions domain (see its migration). */
export {};
