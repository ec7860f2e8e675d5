/**
 * Customer-service entries and app resources of the brand (status `info.customerService` and
 * `info.resources`), turned into what the screens show. Only http(s), mailto and tel links leave
 * the site; an in-site path (the demo's `/help#chat`) opens the live-chat window.
 */
import { help } from '@lobby/contract';
import type { IconName } from '@/components/icons';

export interface CsEntry { csType: string; title: string; path: string }
export interface SupportLink {
  type: string;
  title: string;
  icon: IconName;
  /** chat: opens the live-chat window; link: an external address (new tab). */
  kind: 'chat' | 'link';
  href: string;
}

const ICONS: Record<string, IconName> = {
  LIVECHAT: 'headset', TELEGRAM: 'telegram', WHATSAPP: 'whatsapp', FACEBOOK: 'facebook', EMAIL: 'chat', PHONE: 'chat', LINE: 'chat', ZALO: 'chat',
};

const SAFE = /^(https?:\/\/|mailto:|tel:)/i;

export function supportLinks(entries: readonly CsEntry[] | undefined): SupportLink[] {
  const out: SupportLink[] = [];
  for (const e of entries ?? []) {
    const type = e.csType.toUpperCase();
    const path = e.path.trim();
    const internal = path.startsWith('/') && !path.startsWith('//');
    if (type === 'LIVECHAT' && (internal || help.isExternal(path))) {
      out.push({ type, title: e.title, icon: 'headset', kind: 'chat', href: path });
    } else if (SAFE.test(path)) {
      out.push({ type, title: e.title, icon: ICONS[type] ?? 'chat', kind: 'link', href: path });
    }
  }
  return out;
}

/** The live-chat entry: an external chat page, or null for the built-in chat window. */
export function externalChat(entries: readonly CsEntry[] | undefined): string | null {
  const chat = supportLinks(entries).find((l) => l.kind === 'chat');
  return chat && help.isExternal(chat.href) ? chat.href : null;
}

export interface Resource { resourceType: string; url: string }
export function appLinks(resources: readonly Resource[] | undefined) {
  const find = (type: string) => resources?.find((r) => r.resourceType.toUpperCase() === type && /^https?:\/\//i.test(r.url))?.url ?? null;
  return { ios: find('IOS'), android: find('ANDROID') };
}
