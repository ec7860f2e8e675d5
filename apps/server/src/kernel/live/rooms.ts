/** The socket rooms the realtime plugin joins pages to. */

/** The room of one member of one brand: every open page of that member joins it. */
export const memberRoom = (merchantId: number, memberId: bigint) => `m:${merchantId}:${memberId}`;

/** The room of one session's pages (forced logout closes them). */
export const sessionRoom = (sessionId: bigint) => `s:${sessionId}`;
