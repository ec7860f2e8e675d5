/**
 * Opens the announcement popup by itself (§4): once per browser session per user kind
 * (USER_POPUP for logged-in users, ANONYMOUS_POPUP for visitors) until it is closed; never on
 * top of another popup (it waits for the login or password popup to go). Renders nothing.
 */
import { useEffect, useRef } from 'react';
import { announcements } from '@lobby/contract';
import { usePopups } from '@/components/popups';
import { useAnnouncements } from '@/lib/announcements';

const seen = (key: string) => {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
};
const markSeen = (key: string) => {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    /* private mode: shown again next time */
  }
};

export function AnnouncementAuto() {
  const { data } = useAnnouncements();
  const popups = usePopups();
  const open = popups.isOpen('announcement');
  const busy = popups.stack.length > 0;
  const openedKey = useRef<string | null>(null);

  // Closed (by any means: button, Escape, backdrop): remember it for the session.
  useEffect(() => {
    if (!open && openedKey.current) {
      markSeen(openedKey.current);
      openedKey.current = null;
    }
  }, [open]);

  useEffect(() => {
    if (!data || busy) return;
    const key = announcements.POPUP_SEEN_KEYS[data.userKind];
    if (seen(key) || data.popup.length + data.promotion.length === 0) return;
    openedKey.current = key;
    popups.open('announcement');
  }, [data, busy, popups]);
  return null;
}
