import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { brandConfig, enabledModules, type BrandConfig } from '@lobby/contract';
import type { Db } from '../db/index.ts';
import { merchants } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** A brand as the server holds it in memory: its config and the derived module switches. */
export interface Brand {
  id: number;
  code: string;
  hosts: string[];
  version: number;
  config: BrandConfig;
  modules: Set<string>;
}

const CHANNEL = 'brand.changed';

/** All brands, loaded once and reloaded when any instance announces a change. */
export class BrandRegistry {
  private byCode = new Map<string, Brand>();
  private byHost = new Map<string, Brand>();
  private listeners: ((b: Brand) => void)[] = [];

  constructor(private db: Db, private defaultCode: string) {}

  async load(): Promise<void> {
    const rows = await this.db.select().from(merchants);
    const byCode = new Map<string, Brand>();
    const byHost = new Map<string, Brand>();
    for (const r of rows) {
      const config = brandConfig.parse(r.config);
      const b: Brand = { id: r.id, code: r.code, hosts: r.hosts, version: r.version, config, modules: enabledModules(config.whitelabel) };
      byCode.set(r.code.toLowerCase(), b);
      for (const h of r.hosts) byHost.set(h.toLowerCase(), b);
    }
    this.byCode = byCode;
    this.byHost = byHost;
    for (const b of byCode.values()) this.listeners.forEach((l) => l(b));
  }

  /** Called when a brand's cached views must be rebuilt. */
  onChange(listener: (b: Brand) => void) {
    this.listeners.push(listener);
  }

  byMerchantCode(code: string): Brand | undefined {
    return this.byCode.get(code.toLowerCase());
  }

  all(): Brand[] {
    return [...this.byCode.values()];
  }

  /** Merchant header, else the brand mapped to the host name, else the default brand. */
  resolve(merchantHeader: string | undefined, hostname: string): Brand {
    if (merchantHeader) {
      const b = this.byMerchantCode(merchantHeader.trim());
      if (!b) throw new AppError('merchant.not.found');
      return b;
    }
    const host = hostname.replace(/:\d+$/, '').toLowerCase();
    const b = this.byHost.get(host) ?? this.byMerchantCode(this.defaultCode) ?? this.all()[0];
    if (!b) throw new AppError('merchant.not.found');
    return b;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    brands: BrandRegistry;
    /** Tell every instance that brand settings changed (caches reload). */
    brandsChanged(): Promise<void>;
  }
  interface FastifyRequest {
    brand: Brand;
  }
}

export function requestBrand(req: FastifyRequest): Brand {
  const h = req.headers.merchant;
  return req.server.brands.resolve(Array.isArray(h) ? h[0] : h, req.hostname);
}

export const merchantPlugin = fp(async (app: FastifyInstance, opts: { db: Db; defaultMerchant: string }) => {
  const registry = new BrandRegistry(opts.db, opts.defaultMerchant);
  await registry.load();
  app.decorate('brands', registry);
  const instance = randomUUID();
  await app.bus.subscribe(CHANNEL, (from) => {
    if (from === instance) return;
    registry.load().catch((err) => app.log.error({ err }, 'brand reload failed'));
  });
  app.decorate('brandsChanged', async () => {
    await registry.load();
    await app.bus.publish(CHANNEL, instance);
  });
  app.decorateRequest('brand', null as unknown as Brand);
});
