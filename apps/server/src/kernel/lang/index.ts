/** Request language: ES/EN content language (`langOf`) and the contract's text language (`textLangOf`). */
export { langOf, requestLangOf, textLangOf, type Lang } from './lang.ts';
export { localizedErrorMessage } from './error-texts/index.ts';
