/**
 * The features that have popups register them with the popup host (components/popups) when their
 * index loads: importing them here makes every popup name known before the first open().
 */
import '@/features/session';
import '@/features/play';
import '@/features/announcements';
import '@/features/support';
import '@/features/help';
