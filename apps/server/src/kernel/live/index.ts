/** Live pushes: balance changes, member events and forced socket logouts (the realtime plugin carries them). */
export { balanceChanged, endSessionSockets, notifyBalances, pushToMembers, type WalletEvents } from './push.ts';
export { memberRoom, sessionRoom } from './rooms.ts';
