/** The demo cockfight derby's own API, called by its page with the launch token. */
export const API_PATH = '/demo-vendor/api/cockfight';
