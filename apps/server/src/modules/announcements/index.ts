/** Announcements and banners, their art, and the HTML sanitizer other content uses. Other modules import this module only through this file. */
export { artPath } from './art.ts';
export { announcementsRoutes } from './routes.ts';
export { plainText, sanitizeHtml, sanitizeTexts } from './sanitize.ts';
