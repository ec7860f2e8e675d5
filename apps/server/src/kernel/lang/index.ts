/** Request language: ES/EN content language (`langOf`), the content languages (`contentLangOf`, `textIn`) and the contract's text language (`textLangOf`). */
export { contentLangOf, langOf, requestContentLangOf, requestLangOf, textIn, textLangOf, type ContentLang, type ContentTexts, type Lang } from './lang.ts';
export { localizedErrorMessage } from './error-texts/index.ts';
