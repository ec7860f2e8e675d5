/** Tables of the announcements domain (see its migration). */
export {};
