/** Tracked links and banner snippets (issue 25): the agent's code on any lobby page, as a link, HTML and Markdown. */

export interface Tags { campaign?: string; sub?: string }

/** The page `path` ("/", "/promotions", "/rng?vassalage=…") of `origin` with the agent's code, campaign and sub-ID. */
export function trackedUrl(code: string, tags: Tags, origin = window.location.origin, path = '/') {
  const q = new URLSearchParams({ referralCode: code });
  if (tags.campaign) q.set('campaign', tags.campaign);
  if (tags.sub) q.set('sub', tags.sub);
  return `${origin.replace(/\/$/, '')}${path}${path.includes('?') ? '&' : '?'}${q.toString()}`;
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const md = (v: string) => v.replace(/([\\[\]()])/g, '\\$1');

export interface BannerArt { name: string; width: number; height: number; imageUrl: string; landingPath: string }

/** A banner's tracked link, its absolute image address, and the HTML and Markdown to paste. */
export function bannerSnippets(b: BannerArt, code: string, tags: Tags, origin = window.location.origin) {
  const link = trackedUrl(code, tags, origin, b.landingPath);
  const image = b.imageUrl.startsWith('/') ? `${origin.replace(/\/$/, '')}${b.imageUrl}` : b.imageUrl;
  const html = `<a href="${attr(link)}" target="_blank" rel="noopener"><img src="${attr(image)}" width="${b.width}" height="${b.height}" alt="${attr(b.name)}"></a>`;
  const markdown = `[![${md(b.name)}](${image})](${link})`;
  return { link, image, html, markdown };
}
