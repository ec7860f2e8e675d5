/**
 * Help centre, customer service and app download (§2, §3, §7). The articles come from
 * `GET /wps/system/helpCenter` (system contract, `helpArticle` of the brand config) and the
 * customer-service entries and app resources from `GET /wps/system/status` (`info.customerService`,
 * `info.resources`): this file holds what the server and the web share about them.
 */

/** The live-chat entry of a brand: an `http(s)` path opens that page, another path is an in-site route. */
export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
