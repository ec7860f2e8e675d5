/** Member accounts: registration, profile, password, avatar and member info. Other modules import this module only through this file. */
export { type InviteUse, newReferralCode, randomCode, REGISTER_LIMITS, registerInviteBook } from './register.ts';
export { memberRoutes } from './routes.ts';
export { checkField } from './rules.ts';
