export * from './endpoint.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './languages.ts';
export * from './brand.ts';
export * as system from './system.ts';
export * as member from "./member.ts";
export * as encryption from './crypto.ts';
export * as session from './session.ts';
