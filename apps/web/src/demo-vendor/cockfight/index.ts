/** The demo cockfight derby's page (/demo-vendor/play/cockfight?token=...): its own app on the shared page entry. */
export function mountCockfight(root: HTMLElement, _token: string): void {
  root.textContent = '';
}
