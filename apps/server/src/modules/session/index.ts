/** Sessions: login, logout, captcha, codes, devices, and the hooks other modules register on login. Other modules import this module only through this file. */
export * as sessionQueries from './queries.ts';
export { checkCaptcha, createCaptcha, setCaptchaAnswerSource } from './captcha.ts';
export { checkSendLimits, CODE_TTL_MINUTES, codeText, consumeCode, consumeLink, createCode, deliver, maskRecipient, normalizeMobile } from './codes.ts';
export { insertMember, revokeAllSessions } from './queries.ts';
export { sessionRoutes } from './routes.ts';
export { type Caller, callerOf, type ContractFlagsOf, deps, flagsOf, openSession } from './service.ts';
