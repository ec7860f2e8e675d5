/** Tables of the contracts domain (see its migration). */
export {};
