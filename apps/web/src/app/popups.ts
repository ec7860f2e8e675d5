/**
 * The features that have popups register them with the popup host (components/popups) when they
 * load: importing them here makes every popup name known before the first open().
 */
import '@/features/session/popups';
import '@/features/play/popups';
import '@/features/announcements/popups';
import '@/features/support/popups';
import '@/features/help/popups';
