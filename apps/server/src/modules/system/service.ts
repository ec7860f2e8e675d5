import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { LANGUAGES, RTL_LANGUAGES, SYSTEM_STATUS, type system } from '@lobby/contract';
import { countryBlocked, countryOf } from '../../lib/geo.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { textIn, type ContentLang } from '../../kernel/lang/index.ts';

type Info = system.SystemStatus['info'];

/** The parts of a brand anyone may see. */
export function brandPublic(b: Brand): system.BrandPublic {
  const c = b.config;
  return {
    merchantCode: b.code,
    name: c.name,
    logoText: c.logoText,
    theme: c.theme,
    currency: c.currency,
    gmtOffsetMinutes: c.gmtOffsetMinutes,
    defaultLanguage: c.defaultLanguage,
    languages: c.languages.map((code) => ({ code, label: LANGUAGES[code].label, rtl: RTL_LANGUAGES.includes(code) })),
    social: Object.fromEntries(Object.entries(c.social).filter((e): e is [string, string] => Boolean(e[1]))),
    footerVendors: c.footerVendors,
    supportHours: c.supportHours,
    agentTypes: c.agentTypes,
    trialType: c.trialType,
    captchaOnLogin: c.security.captchaOnLogin,
  };
}

function statusInfo(b: Brand): Info {
  const c = b.config;
  return {
    customerService: c.customerService,
    domainRoute: c.domainRoute,
    resources: c.resources,
    whitelabel: c.whitelabel,
    register: c.register,
    mainDomain: c.mainDomain,
    analytics: c.analyticsId,
    brand: brandPublic(b),
  };
}

/** Brand objects are replaced on every reload, so a WeakMap keyed by them never serves stale views. */
const infoJson = new WeakMap<Brand, string>();

/** The status for one client: maintenance wins over region restriction (§4). */
export function status(b: Brand, ip: string) {
  const maintenance = b.config.maintenance.enabled;
  const country = countryOf(ip);
  const regionRestriction = countryBlocked(b.config.region, country);
  const code = maintenance ? SYSTEM_STATUS.maintenance : regionRestriction ? SYSTEM_STATUS.regionRestricted : SYSTEM_STATUS.normal;
  return { status: code, maintenance, regionRestriction, location: { ip, country } };
}

/** The whole status envelope as JSON, from memory: only the client's address part is built per call. */
export function statusEnvelopeJson(b: Brand, ip: string): string {
  let info = infoJson.get(b);
  if (info === undefined) {
    info = JSON.stringify(statusInfo(b));
    infoJson.set(b, info);
  }
  const head = JSON.stringify(status(b, ip));
  return `{"success":true,"value":${head.slice(0, -1)},"info":${info}}}`;
}

/** The help articles in the content language (PT-BR, CN, … when the article has it, else EN; ES for ES). */
export function helpCenter(b: Brand, lang: ContentLang) {
  return b.config.helpCenter.map((a) => ({ term: a.term, title: textIn(a.title, lang), content: textIn(a.content, lang) }));
}

const regionNames = { ES: new Intl.DisplayNames(['es'], { type: 'region' }), EN: new Intl.DisplayNames(['en'], { type: 'region' }) };

export function countries(b: Brand, lang: 'ES' | 'EN') {
  return b.config.countries
    .filter((cc) => isSupportedCountry(cc))
    .map((cc) => ({
      countryCode: cc,
      countryDialingCode: `+${getCountryCallingCode(cc as Parameters<typeof getCountryCallingCode>[0])}`,
      name: regionNames[lang].of(cc) ?? cc,
    }));
}
