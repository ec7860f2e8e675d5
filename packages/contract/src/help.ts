/**
 * Help centre, customer service and app download (§2, §3, §7). The articles come from
 * `GET /wps/system/helpCenter` (system contract, `helpArticle` of the brand config) and the
 * customer-service entries and app resources from `GET /wps/system/status` (`info.customerService`,
 * `info.resources`): this file names their kinds so the server seed and the web agree.
 */

/** csType values the web knows how to show (others still show, with a generic icon). */
export const CS_TYPES = ['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'FACEBOOK', 'LINE', 'ZALO', 'EMAIL', 'PHONE'] as const;
export type CsType = (typeof CS_TYPES)[number];

/** resourceType values of the app download guides. */
export const RESOURCE_TYPES = ['IOS', 'ANDROID'] as const;

/** Terms every brand is expected to have (footer help list, register terms link). */
export const CORE_TERMS = ['terms', 'privacy', 'responsible', 'deposit', 'withdraw', 'faq'] as const;

/** The live-chat entry of a brand: an `http(s)` path opens that page, another path is an in-site route. */
export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
