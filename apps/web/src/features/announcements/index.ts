/** The public face of the announcements feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups with the popup host (components/popups) when the feature loads.
import './popups';
export { AnnouncementAuto } from './AnnouncementAuto';
export { OperatorHtml } from './Html';
export { NoticeMarquee, SideBanner, useHomeSlides } from './home';
export { safeHtml } from './sanitize';
