/** The demo sportsbook's page (/demo-vendor/play/sports|esports?token=...): its own app on the shared page entry. */
export function mountSportsbook(root: HTMLElement, _token: string, _kind: 'sports' | 'esports'): void {
  root.textContent = '';
}
