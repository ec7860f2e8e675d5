import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { getToken } from '@/lib/storage';
import { fail, fakeServer, loginValue, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

afterEach(() => vi.useRealTimers());

const CAPTCHA = { image: 'data:image/svg+xml;base64,PHN2Zy8+', captchaId: 'c1', expiresInSeconds: 300 };
const withSms = () =>
  statusFixture({
    info: {
      ...statusFixture().info,
      whitelabel: [
        { modId: 'COMM3', enabled: true, childrenNodes: [] },
        { modId: 'LOGIN3', enabled: true, childrenNodes: [{ modId: 'SMSLOGIN3', enabled: true, childrenNodes: [] }] },
        { modId: 'MEMBER3', enabled: true, childrenNodes: [] },
      ],
    },
  });

async function openLogin(status = statusFixture()) {
  const utils = renderApp({ route: '/login', status });
  const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión' });
  const form = await within(dialog).findByTestId('login-form');
  return { ...utils, dialog, form };
}

async function fillAndSubmit(form: HTMLElement, username = 'player01', password = 'Player123') {
  await userEvent.type(within(form).getByLabelText(/^Usuario/), username);
  await userEvent.type(within(form).getByLabelText(/^Contraseña/), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
}

describe('login popup', () => {
  it('shows the operator\'s w_login banner when there is one (the brand panel until then)', async () => {
    const banner = { id: 'b9', title: 'Bono de bienvenida', url: '', linkageType: 'none', groupName: 'w_login', images: '/wps/announcements/art/login.svg', content: '' };
    const list = { banners: [banner], player: [], popup: [], promotion: [], agent: [], userKind: 'anonymous', firstLogin: false };
    fakeServer({ 'GET /wps/relay/MCSFE_getListAnnouncements': () => ok(list) });
    const { dialog } = await openLogin();
    expect(await within(dialog).findByRole('img', { name: 'Bono de bienvenida' })).toHaveAttribute('src', banner.images);
  });

  it('a login sent before the captcha image came waits for it and goes with its id', async () => {
    const base = statusFixture();
    let arrive = () => {};
    const server = fakeServer({
      'GET /wps/captcha': () => new Promise((resolve) => { arrive = () => resolve(ok(CAPTCHA)); }),
      'POST /wps/session/login': () => fail(400, 'login.failed'),
    });
    const { form } = await openLogin({ ...base, info: { ...base.info, brand: { ...base.info.brand, captchaOnLogin: true } } });
    await userEvent.type(await within(form).findByLabelText(/^Captcha/), 'AB12C');
    await fillAndSubmit(form);
    expect(server.count('POST /wps/session/login')).toBe(0);
    act(() => arrive());
    await waitFor(() => expect(server.count('POST /wps/session/login')).toBe(1));
    expect(server.calls.find((c) => c.path === '/wps/session/login')?.body).toMatchObject({ captcha: 'AB12C', captchaId: 'c1' });
  });

  it('a brand that asks for a captcha on every login shows it from the start; a wrong one is said once, under the field (issue 23 item 4)', async () => {
    const base = statusFixture();
    const server = fakeServer({
      'GET /wps/captcha': () => ok(CAPTCHA),
      'POST /wps/session/login': () => fail(400, 'captcha.invalid', { captcha: true }),
    });
    const { form } = await openLogin({ ...base, info: { ...base.info, brand: { ...base.info.brand, captchaOnLogin: true } } });
    expect(await within(form).findByLabelText(/^Captcha/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Captcha/), 'XXXXX');
    await fillAndSubmit(form);
    expect(server.calls.find((c) => c.path === '/wps/session/login')?.body).toMatchObject({ captcha: 'XXXXX', captchaId: 'c1' });
    await waitFor(() => expect(server.count('POST /wps/session/login')).toBe(1));
    await within(form).findByText('La verificación del captcha falló.');
    expect(within(form).getAllByText('La verificación del captcha falló.')).toHaveLength(1);
  });

  it('required fields are checked before any call', async () => {
    const server = fakeServer({});
    const { form } = await openLogin();
    await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    expect(within(form).getAllByText('El campo no puede estar vacío')).toHaveLength(2);
    expect(server.count('POST /wps/session/login')).toBe(0);
  });

  it('success: stores the token, closes the popup, loads the member, welcome toast on first login', async () => {
    const server = fakeServer({
      'POST /wps/session/login': () => ok(loginValue({ firstTimeLogin: true })),
      'GET /wps/member/info': () => ok(memberFixture({ nickname: 'Player One' })),
    });
    const { form } = await openLogin();
    await fillAndSubmit(form);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToken()).toBe('tok-123');
    expect(server.calls.find((c) => c.path === '/wps/session/login')?.body).toMatchObject({ type: 'username', username: 'player01', password: 'Player123' });
    expect(await screen.findByText('¡Bienvenido, player01! Su cuenta está lista.')).toBeInTheDocument();
    expect(await screen.findByTestId('balance')).toHaveTextContent('$ 1,234,567.50');
  });

  it('failure: loader stops, error translated, captcha appears when flagged and its refresh is throttled', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const server = fakeServer({
      'POST /wps/session/login': () => fail(401, 'login.failed', { captcha: true }),
      'GET /wps/captcha': () => ok(CAPTCHA),
    });
    const { form } = await openLogin();
    expect(within(form).queryByLabelText(/^Captcha/)).not.toBeInTheDocument();
    await fillAndSubmit(form);
    expect(await within(form).findByText('Usuario o contraseña incorrectos.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    expect(await within(form).findByLabelText(/^Captcha/)).toBeInTheDocument();
    await waitFor(() => expect(server.count('GET /wps/captcha')).toBe(1));
    expect(await within(form).findByAltText('Imagen captcha')).toHaveAttribute('src', CAPTCHA.image);

    const refresh = within(form).getByTestId('captcha-refresh');
    now += 300;
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    expect(server.count('GET /wps/captcha')).toBe(1); // within 1 s of the last refresh: dropped
    now += 1000;
    fireEvent.click(refresh);
    await waitFor(() => expect(server.count('GET /wps/captcha')).toBe(2));

    // the next try sends the captcha and its id
    await userEvent.type(within(form).getByLabelText(/^Captcha/), 'AB12');
    await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(server.count('POST /wps/session/login')).toBe(2));
    expect(server.calls.filter((c) => c.path === '/wps/session/login')[1].body).toMatchObject({ captcha: 'AB12', captchaId: 'c1' });
    // that failure used the captcha up: a new one comes at once, even within 1 s of the last
    await waitFor(() => expect(server.count('GET /wps/captcha')).toBe(3));
  });

  it('login.locked shows its minutes', async () => {
    fakeServer({ 'POST /wps/session/login': () => fail(429, 'login.locked', { retryAfterSeconds: 840 }) });
    const { form } = await openLogin();
    await fillAndSubmit(form);
    expect(await within(form).findByText('Demasiados intentos fallidos. Inténtelo de nuevo en 14 minutos.')).toBeInTheDocument();
  });

  it('login.throttled: the wait counts down, the button waits with it, and SMS login is offered', async () => {
    const server = fakeServer({
      'POST /wps/session/login': () => fail(429, 'login.throttled', { retryAfterSeconds: 2, scope: 'account', smsLogin: true, captcha: true }),
      'GET /wps/captcha': () => ok(CAPTCHA),
    });
    const { form } = await openLogin(withSms());
    await fillAndSubmit(form);
    const box = await within(form).findByTestId('login-throttled');
    expect(box).toHaveTextContent('Podrá volver a intentar la contraseña en 2 s.');
    expect(box).toHaveTextContent('En un dispositivo donde ya inició sesión, puede entrar de inmediato.');
    const wait = within(form).getByRole('button', { name: 'Espere 2 s' });
    expect(wait).toBeDisabled();
    await userEvent.click(wait);
    expect(server.count('POST /wps/session/login')).toBe(1);
    // the way in that does not wait
    await userEvent.click(within(box).getByRole('button', { name: 'Iniciar sesión con un código SMS' }));
    expect(within(form).getByLabelText(/^Número de móvil/)).toBeInTheDocument();
    // back on the password tab the countdown ends and the password may be tried again
    await userEvent.click(within(form).getByRole('tab', { name: 'Usuario' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled(), { timeout: 5000 });
  }, 20_000);

  it('password.change.required from any call opens the forced change; held calls are not even sent', async () => {
    const server = fakeServer({
      'GET /wps/member/info': () => ok(memberFixture()),
      'GET /wps/v2/wallets/balance': () => fail(403, 'password.change.required'),
    });
    renderApp({ route: '/', token: 'tok-9', member: memberFixture() });
    const { call } = await import('@/lib/api');
    const { wallet } = await import('@lobby/contract');
    await expect(call(wallet.getBalance)).rejects.toMatchObject({ errorCode: 'password.change.required' });
    const forced = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    expect(within(forced).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('forcePasswordChange')).toBe('1');
    const sent = server.count('GET /wps/v2/wallets/balance');
    await expect(call(wallet.getBalance)).rejects.toMatchObject({ errorCode: 'password.change.required', status: 403 });
    expect(server.count('GET /wps/v2/wallets/balance')).toBe(sent);
  });

  it('123456: the forced change-password popup opens and cannot be dismissed', async () => {
    fakeServer({
      'POST /wps/session/login': () => ok(loginValue({ mustChangePassword: true })),
      'GET /wps/member/info': () => ok(memberFixture()),
    });
    const { form } = await openLogin();
    await fillAndSubmit(form, 'weak01', '123456');
    const forced = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    expect(await within(forced).findByText(/reemplace la contraseña predeterminada/)).toBeInTheDocument();
    expect(within(forced).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('forcePasswordChange')).toBe('1');
  });

  it('an expired password forces the change too, but never after an SMS login', async () => {
    const server = fakeServer({
      'POST /wps/session/login': () => ok(loginValue({ passwordExpired: true })),
      'POST /wps/verification/sms/noLogin': () => ok({ expiredMinutes: 5 }),
      'GET /wps/system/countries': () => ok([{ countryCode: 'MX', countryDialingCode: '+52', name: 'Mexico' }]),
      'GET /wps/member/info': () => ok(memberFixture()),
    });
    const { form } = await openLogin(withSms());
    await userEvent.click(within(form).getByRole('tab', { name: 'Código SMS' }));
    await userEvent.type(within(form).getByLabelText(/^Número de móvil/), '5512345678');
    await userEvent.click(within(form).getByTestId('send-code'));
    await waitFor(() => expect(server.count('POST /wps/verification/sms/noLogin')).toBe(1));
    await userEvent.type(within(form).getByLabelText(/^Código SMS/), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(getToken()).toBe('tok-123'));
    expect(server.calls.find((c) => c.path === '/wps/session/login')?.body).toMatchObject({ type: 'sms', mobileNum: '5512345678', verificationCode: '123456' });
    expect(screen.queryByRole('dialog', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
  });

  it('SMS login validates the mobile before sending', async () => {
    const server = fakeServer({ 'GET /wps/system/countries': () => ok([]) });
    const status = withSms();
    status.info.register = { mobileNum: { acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 15, patternId: 'digits_only', enabled: true, required: false } };
    const { form } = await openLogin(status);
    await userEvent.click(within(form).getByRole('tab', { name: 'Código SMS' }));
    await userEvent.type(within(form).getByLabelText(/^Número de móvil/), '12');
    await userEvent.click(within(form).getByTestId('send-code'));
    expect(await within(form).findByText('6-15 dígitos, solo números')).toBeInTheDocument();
    expect(server.count('POST /wps/verification/sms/noLogin')).toBe(0);
  });

  it('a new IP shows the verification step; the code finishes the login', async () => {
    const server = fakeServer({
      'POST /wps/session/login': () =>
        fail(403, 'login.verification.required', { verificationToken: 'vt', methods: ['sms', 'otp'], destinations: { sms: '+52******5678' }, expiresInSeconds: 600 }),
      'POST /wps/session/login/verification/send': () => ok({ expiredMinutes: 5 }),
      'POST /wps/session/login/verification': () => ok(loginValue()),
      'GET /wps/member/info': () => ok(memberFixture()),
    });
    const { dialog, form } = await openLogin();
    await fillAndSubmit(form);
    const step = await within(dialog).findByTestId('verification-step');
    expect(within(step).getByText('+52******5678')).toBeInTheDocument();
    await userEvent.click(within(step).getByTestId('send-code'));
    await waitFor(() => expect(server.count('POST /wps/session/login/verification/send')).toBe(1));
    await userEvent.type(within(step).getByLabelText(/^Código de verificación/), '654321');
    await act(async () => void (await userEvent.click(within(step).getByRole('button', { name: 'Verificar e iniciar sesión' }))));
    await waitFor(() => expect(getToken()).toBe('tok-123'));
    expect(server.calls.find((c) => c.path === '/wps/session/login/verification')?.body).toEqual({ verificationToken: 'vt', method: 'sms', code: '654321' });
  });
});
