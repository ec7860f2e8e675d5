import { z } from 'zod';
import { customerServiceEntry, fieldRule, moduleNode, resourceEntry } from './brand.ts';
import { MODULES } from './brand.ts';
import { endpoint } from './endpoint.ts';

const M = MODULES.common;

export const registerSettings = z.record(z.string(), fieldRule);

export const brandPublic = z.object({
  merchantCode: z.string(),
  name: z.string(),
  logoText: z.string(),
  theme: z.object({ primary: z.string(), accent: z.string(), background: z.string() }),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  gmtOffsetMinutes: z.number(),
  defaultLanguage: z.string(),
  languages: z.array(z.object({ code: z.string(), label: z.string(), rtl: z.boolean() })),
  social: z.record(z.string(), z.string()),
  footerVendors: z.array(z.string()),
  supportHours: z.string(),
  agentTypes: z.array(z.number()),
  trialType: z.number(),
  /** The login form shows the captcha from the start (the brand asks for one on every login; issue 23 item 4). */
  captchaOnLogin: z.boolean(),
});
export type BrandPublic = z.infer<typeof brandPublic>;

/** The permission payload of §7 and the wire reference, plus the numeric status of §4. */
export const systemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  info: z.object({
    customerService: z.array(customerServiceEntry),
    domainRoute: z.array(z.string()),
    resources: z.array(resourceEntry),
    whitelabel: z.array(moduleNode),
    register: registerSettings,
    mainDomain: z.string(),
    analytics: z.string(),
    brand: brandPublic,
  }),
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const getStatus = endpoint({
  method: 'GET', path: '/wps/system/status', module: M, auth: 'none',
  summary: 'System status and the permission payload: maintenance, region, brand settings.',
  response: systemStatus,
});

export const getWhitelabel = endpoint({
  method: 'GET', path: '/wps/system/whitelabel', module: M, auth: 'none',
  summary: 'The brand\'s white-label module tree.',
  response: z.array(moduleNode),
});

export const getRegisterSettings = endpoint({
  method: 'GET', path: '/wps/system/setting/register', module: M, auth: 'none',
  summary: 'Registration field rules and flags.',
  response: registerSettings,
});

export const getDomainRoute = endpoint({
  method: 'GET', path: '/wps/system/domainRoute', module: M, auth: 'none',
  summary: 'The brand\'s domains: main domain and alternative routes.',
  response: z.object({ mainDomain: z.string(), domainRoute: z.array(z.string()) }),
});

export const helpEntry = z.object({ term: z.string(), title: z.string(), content: z.string() });
export const getHelpCenter = endpoint({
  method: 'GET', path: '/wps/system/helpCenter', module: MODULES.help, auth: 'none',
  summary: 'Help-centre articles in the request language.',
  response: z.array(helpEntry),
});

export const country = z.object({ countryCode: z.string(), countryDialingCode: z.string(), name: z.string() });
export const getCountries = endpoint({
  method: 'GET', path: '/wps/system/countries', module: M, auth: 'none',
  summary: 'Countries the brand accepts for mobile numbers, with dialing codes.',
  response: z.array(country),
});

/**
 * A QR code as an SVG image (`<img src>`; not the JSON envelope, so not an `endpoint`):
 * `GET /wps/system/qr?text=<url-encoded, 1-512 characters>`. Drawn on the server and cached,
 * so no QR library ships to the browser.
 */
export const QR_IMAGE_PATH = '/wps/system/qr';
export const QR_TEXT_MAX = 512;
export const qrImageUrl = (text: string) => `${QR_IMAGE_PATH}?text=${encodeURIComponent(text)}`;
