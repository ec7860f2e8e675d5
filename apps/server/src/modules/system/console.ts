/**
 * Brand settings of the console (issue 9 item 2). Each save takes one section, merges it into the
 * brand's stored JSON config inside a transaction that locks the merchant row (other console pages,
 * e.g. the help centre, edit other keys of the same JSON), validates the merged whole with
 * `brandConfig`, writes it with its before/after audit row, then reloads the brand on every
 * instance (`app.brandsChanged()`), so the public API shows the change at once. Registered by the
 * system routes (routes.ts), which serve the same brand config to the public API.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { brandConfig, DEFAULT_WALLET_CONFIG, isTranslated, memberProfile, points as pointsContract, REGISTER_FIELDS, referral as referralContract, type BrandConfig, type ModuleNode, operatorSettings as S } from '@lobby/contract';
import { merchants } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Brand } from '../../plugins/merchant.ts';
import { operatorOf, record, type Actor } from '../../kernel/operator-access/index.ts';
import { route, type Ctx } from '../../lib/route.ts';

type Sections = S.SettingsView;
/** The active-member threshold when a brand sets none (agent/rollup.ts DEFAULT_ACTIVE_MIN). */
const DEFAULT_ACTIVE_MIN = 100;

// ---- money and percent (decimal strings ↔ minor units / basis points) ---------------------------

const fmt = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const bpsToPercent = (bps: number) => String(bps / 100);

function minorOf(field: string, text: string, min = 0): number {
  const m = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/.exec(text);
  const v = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!m || v < min) throw new AppError('settings.amount.invalid', { field });
  return v;
}

function bpsOf(field: string, text: string): number {
  const m = /^(0|[1-9][0-9]{0,2})(?:\.([0-9]{1,2}))?$/.exec(text);
  const v = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!m || v > 10_000) throw new AppError('settings.amount.invalid', { field });
  return v;
}

// ---- the view ------------------------------------------------------------------------------

function flagsOf(tree: ModuleNode[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (nodes: ModuleNode[]) => nodes.forEach((n) => {
    if ((S.REGISTER_FLAGS as readonly string[]).includes(n.modId)) out[n.modId] = n.enabled;
    walk(n.childrenNodes);
  });
  walk(tree);
  return out;
}

const sectionViews = {
  modules: (c: BrandConfig) => c.whitelabel,
  languages: (c: BrandConfig) => ({ languages: c.languages, defaultLanguage: c.defaultLanguage }),
  register: (c: BrandConfig) => ({ rules: c.register, flags: flagsOf(c.whitelabel) }),
  access: (c: BrandConfig) => ({ maintenance: { enabled: c.maintenance.enabled, message: c.maintenance.message ?? '' }, region: c.region }),
  contact: (c: BrandConfig) => ({
    customerService: c.customerService, resources: c.resources,
    social: { facebook: c.social.facebook ?? '', youtube: c.social.youtube ?? '', telegram: c.social.telegram ?? '', whatsapp: c.social.whatsapp ?? '', instagram: c.social.instagram ?? '' },
    supportHours: c.supportHours, gmtOffsetMinutes: c.gmtOffsetMinutes,
  }),
  thresholds: (c: BrandConfig) => {
    const p = c.points ?? pointsContract.DEFAULT_POINTS_CONFIG;
    const r = c.referral ?? referralContract.DEFAULT_RULE;
    return {
      autoReceiptMinutes: c.wallet.autoReceiptMinutes,
      security: { ...c.security, newIpWithoutContact: c.security.newIpWithoutContact ?? 'allow', moneyOutHoldHours: c.security.moneyOutHoldHours ?? memberProfile.MONEY_OUT_RULES.defaultHoldHours },
      activeMemberValidBet: fmt(c.activeMemberValidBet ?? DEFAULT_ACTIVE_MIN),
      points: { validBetPerPoint: fmt(p.validBetPerPoint), convertValue: fmt(p.convertValue), convertMin: p.convertMin },
      referral: { firstDepositPercent: bpsToPercent(r.firstDepositBps), firstDepositMax: fmt(r.firstDepositMax), thresholdAmount: fmt(r.thresholdAmount), thresholdReward: fmt(r.thresholdReward) },
    };
  },
} satisfies { [K in S.Section]: (c: BrandConfig) => Sections[K] };

export function view(config: BrandConfig, version: number): Sections {
  return {
    version,
    modules: sectionViews.modules(config), languages: sectionViews.languages(config), register: sectionViews.register(config),
    access: sectionViews.access(config), contact: sectionViews.contact(config), thresholds: sectionViews.thresholds(config),
  };
}

// ---- merging a section into the stored config ------------------------------------------------

/** Sets `enabled` of the named nodes; an id not in the tree answers settings.module.unknown. */
function setSwitches(tree: ModuleNode[], switches: Record<string, boolean>) {
  const seen = new Set<string>();
  const walk = (nodes: ModuleNode[]) => nodes.forEach((n) => {
    if (n.modId in switches) {
      n.enabled = switches[n.modId];
      seen.add(n.modId);
    }
    walk(n.childrenNodes);
  });
  walk(tree);
  const missing = Object.keys(switches).find((id) => !seen.has(id));
  if (missing) throw new AppError('settings.module.unknown', { module: missing });
}

function validPattern(p: string): boolean {
  if (p === '*') return true;
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

type Stored = Record<string, unknown> & BrandConfig;

const merge = {
  modules(c: Stored, b: S.ModulesSection) {
    setSwitches(c.whitelabel, b.switches);
  },
  languages(c: Stored, b: S.LanguagesSection) {
    if (!b.languages.includes(b.defaultLanguage)) throw new AppError('settings.language.default');
    const untranslated = b.languages.find((l) => !isTranslated(l));
    if (untranslated) throw new AppError('settings.language.untranslated', { language: untranslated });
    c.languages = b.languages;
    c.defaultLanguage = b.defaultLanguage;
  },
  register(c: Stored, b: S.RegisterSection) {
    for (const [field, r] of Object.entries(b.rules)) {
      if (!(REGISTER_FIELDS as readonly string[]).includes(field)) throw new AppError('request_param_err');
      if (r.minLength > r.maxLength) throw new AppError('settings.register.range', { field });
      if (!validPattern(r.acceptedPattern)) throw new AppError('settings.register.pattern', { field });
    }
    c.register = { ...c.register, ...b.rules };
    const flags = b.flags ?? {};
    const notFlag = Object.keys(flags).find((id) => !(S.REGISTER_FLAGS as readonly string[]).includes(id));
    if (notFlag) throw new AppError('settings.module.unknown', { module: notFlag });
    setSwitches(c.whitelabel, flags);
  },
  access(c: Stored, b: S.AccessSection) {
    const message = b.maintenance.message?.trim();
    c.maintenance = message ? { enabled: b.maintenance.enabled, message } : { enabled: b.maintenance.enabled };
    c.region = { mode: b.region.mode, countries: [...new Set(b.region.countries)] };
  },
  contact(c: Stored, b: S.ContactSection) {
    if (b.gmtOffsetMinutes < S.GMT_MIN || b.gmtOffsetMinutes > S.GMT_MAX) throw new AppError('settings.gmt.range');
    c.customerService = b.customerService;
    c.resources = b.resources;
    c.social = Object.fromEntries(Object.entries(b.social).filter((e) => Boolean(e[1])));
    c.supportHours = b.supportHours;
    c.gmtOffsetMinutes = b.gmtOffsetMinutes;
  },
  thresholds(c: Stored, b: S.ThresholdsSection) {
    const wallet = c.wallet ?? DEFAULT_WALLET_CONFIG;
    c.wallet = { ...wallet, autoReceiptMinutes: b.autoReceiptMinutes };
    c.security = { ...c.security, ...b.security, newIpVerification: [...new Set(b.security.newIpVerification)] };
    c.activeMemberValidBet = minorOf('activeMemberValidBet', b.activeMemberValidBet);
    c.points = {
      validBetPerPoint: minorOf('points.validBetPerPoint', b.points.validBetPerPoint, 1),
      convertValue: minorOf('points.convertValue', b.points.convertValue),
      convertMin: b.points.convertMin,
    };
    c.referral = {
      firstDepositBps: bpsOf('referral.firstDepositPercent', b.referral.firstDepositPercent),
      firstDepositMax: minorOf('referral.firstDepositMax', b.referral.firstDepositMax),
      thresholdAmount: minorOf('referral.thresholdAmount', b.referral.thresholdAmount),
      thresholdReward: minorOf('referral.thresholdReward', b.referral.thresholdReward),
    };
  },
} satisfies { [K in S.Section]: (c: Stored, b: never) => void };

export type SectionBody = { [K in S.Section]: Parameters<(typeof merge)[K]>[1] };

export async function read(app: FastifyInstance, brand: Brand): Promise<Sections> {
  const [row] = await app.db.select().from(merchants).where(eq(merchants.id, brand.id));
  return view(brandConfig.parse(row.config), row.version);
}

/** Saves one section: lock the row, merge, validate, write, audit; then reload the brand everywhere. */
export async function save<K extends S.Section>(app: FastifyInstance, brand: Brand, actor: Actor, ip: string, section: K, body: SectionBody[K]): Promise<Sections> {
  const out = await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(merchants).where(eq(merchants.id, brand.id)).for('update');
    const current = brandConfig.parse(row.config);
    const next = structuredClone(row.config) as Stored;
    (merge[section] as (c: Stored, b: SectionBody[K]) => void)(next, body);
    const parsed = brandConfig.safeParse(next);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('settings.config.invalid', { detail: `${issue.path.join('.')}: ${issue.message}` });
    }
    const version = row.version + 1;
    await tx.update(merchants).set({ config: next, version, updatedAt: new Date() }).where(eq(merchants.id, brand.id));
    await record(tx, actor, brand, ip, { action: `settings.${section}`, target: brand.code, before: sectionViews[section](current), after: sectionViews[section](parsed.data) });
    return view(parsed.data, version);
  });
  await app.brandsChanged();
  return out;
}

/** The console's brand settings page (settings.manage). */
export async function systemConsoleRoutes(app: FastifyInstance) {
  const saveOf = <K extends S.Section>(section: K) => async <Q extends ZodType, B extends ZodType>(ctx: Ctx<Q, B>) =>
    save(app, ctx.brand, operatorOf(ctx.req), ctx.req.ip, section, ctx.body as SectionBody[K]);
  route(app, S.getSettings, async (ctx) => (operatorOf(ctx.req), read(app, ctx.brand)));
  route(app, S.saveModules, saveOf('modules'));
  route(app, S.saveLanguages, saveOf('languages'));
  route(app, S.saveRegister, saveOf('register'));
  route(app, S.saveAccess, saveOf('access'));
  route(app, S.saveContact, saveOf('contact'));
  route(app, S.saveThresholds, saveOf('thresholds'));
}
