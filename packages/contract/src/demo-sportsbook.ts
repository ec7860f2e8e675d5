/** The demo sportsbook's own API (sports and e-sports), called by its page with the launch token. */
export const API_PATH = '/demo-vendor/api/sports';
