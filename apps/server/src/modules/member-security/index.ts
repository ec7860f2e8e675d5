/**
 * Member security (issue 18 item 2: agents' powers over members): money-out blocks and holds,
 * reset marks, known devices and proofs from the bound contact. Used by member, cashier, wallet,
 * agent and the console; it imports none of them.
 */
export {
  assertMoneyOut, contactVerified, markReset, moneyOutState, noteLoginDevice, proofUntil, requireProof, sendProofCode, verifyProof,
} from './service.ts';
