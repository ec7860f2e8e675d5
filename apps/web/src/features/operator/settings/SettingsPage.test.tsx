/** Brand settings: a form checks its fields before sending and shows the server's refusal. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { fakeServer, fail, ok } from '@/test/server';
import { setConsoleToken } from '../api';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleToken(null);
});

const me = { id: '1', username: 'ana', role: 'owner', brands: null, status: 'active', enrolled: true, lastLoginAt: null, permissions: ['dashboard.view', 'settings.manage'], idleMinutes: 15 };
const rule = { acceptedPattern: '*', minLength: 0, maxLength: 64, patternId: 'any', enabled: true, required: false };
const settings = (over: Record<string, unknown> = {}) => ({
  version: 3,
  modules: [{ modId: 'COMM3', enabled: true, childrenNodes: [] }, { modId: 'WALLET3', enabled: false, childrenNodes: [{ modId: 'DEPOSIT3', enabled: true, childrenNodes: [] }] }],
  languages: { languages: ['ES', 'EN'], defaultLanguage: 'ES' },
  register: { rules: { username: rule }, flags: { FREEPLAY3: true } },
  access: { maintenance: { enabled: false, message: '' }, region: { mode: 'block', countries: ['KP'] } },
  contact: { customerService: [], resources: [], social: { facebook: '', youtube: '', telegram: '', whatsapp: '', instagram: '' }, supportHours: '9-18', gmtOffsetMinutes: -360 },
  thresholds: {
    autoReceiptMinutes: 1440, security: { idleTimeoutMinutes: 15, absoluteLifetimeHours: 24, passwordExpiryDays: 0, captchaOnLogin: false, captchaAfterFailures: 3, newIpVerification: ['sms'], newIpWithoutContact: 'allow', moneyOutHoldHours: 24 },
    activeMemberValidBet: '1.00', points: { validBetPerPoint: '100.00', convertValue: '0.10', convertMin: 100 },
    referral: { firstDepositPercent: '10', firstDepositMax: '100.00', thresholdAmount: '500.00', thresholdReward: '50.00' },
  },
  ...over,
});

async function open(tab: RegExp, extra: Parameters<typeof fakeServer>[0] = {}) {
  setConsoleToken('op-token');
  const server = fakeServer({ 'GET /wps/ops/me': () => ok(me), 'GET /wps/ops/settings': () => ok(settings()), ...extra });
  renderApp({ route: '/console/settings' });
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
  return server;
}

// the first render loads the lazy console chunk: slow on a busy machine
const SLOW = 20_000;

describe('brand settings page', () => {
  it('languages: the default must be visible — checked before sending; then saved', async () => {
    // like the server: a save bumps the version and the page reads the settings again
    let current = settings();
    const server = await open(/Idiomas/, {
      'GET /wps/ops/settings': () => ok(current),
      'POST /wps/ops/settings/languages': (c) => ok((current = settings({ languages: c.body, version: current.version + 1 }))),
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Español/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain('El idioma predeterminado debe ser uno de los idiomas visibles.');
    expect(server.count('POST /wps/ops/settings/languages')).toBe(0);
    fireEvent.change(screen.getByLabelText(/Idioma predeterminado/), { target: { value: 'EN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado. El sitio ya lo muestra.');
    expect(server.calls.find((c) => c.path === '/wps/ops/settings/languages')?.body).toEqual({ languages: ['EN'], defaultLanguage: 'EN' });
    await waitFor(() => expect(server.count('GET /wps/ops/settings')).toBeGreaterThan(1));
    expect(screen.getByText('Guardado. El sitio ya lo muestra.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Español/ }) as HTMLInputElement).checked).toBe(false);
  }, SLOW);

  it('contact: a GMT offset out of range is refused on the page; the server refusal shows its message', async () => {
    const server = await open(/Contacto/, { 'POST /wps/ops/settings/contact': () => fail(400, 'settings.gmt.range') });
    const gmt = await screen.findByLabelText(/Diferencia GMT/);
    fireEvent.change(gmt, { target: { value: '+15:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/La diferencia GMT debe estar entre -12:00 y \+14:00 \(como -06:00\)/)).toBeTruthy();
    expect(server.count('POST /wps/ops/settings/contact')).toBe(0);
    fireEvent.change(gmt, { target: { value: '+14:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.count('POST /wps/ops/settings/contact')).toBe(1));
    expect((server.calls.find((c) => c.path === '/wps/ops/settings/contact')?.body as { gmtOffsetMinutes: number }).gmtOffsetMinutes).toBe(840);
    expect(await screen.findByText('La diferencia GMT debe estar entre -12:00 y +14:00.')).toBeTruthy();
  }, SLOW);

  it('modules: a module under a switched-off parent shows as off and cannot be switched', async () => {
    await open(/Módulos/);
    const deposit = await screen.findByRole('switch', { name: /Depósito/ });
    expect((deposit as HTMLInputElement).checked).toBe(false);
    expect((deposit as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /Billetera/ }));
    expect((screen.getByRole('switch', { name: /Depósito/ }) as HTMLInputElement).checked).toBe(true);
  }, SLOW);
});
