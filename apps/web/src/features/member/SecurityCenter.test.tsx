import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberProfile } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { fail, fakeServer, ok, type FakeCall } from '@/test/server';
import { checkAvatarFile } from './components/AvatarPicker';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 }); // userEvent typing is slow on a shared CPU

type Profile = memberProfile.SecurityProfile;
const rule = (acceptedPattern: string, minLength: number, maxLength: number, patternId: string) => ({ acceptedPattern, minLength, maxLength, patternId });

function profile(over: Partial<Profile> = {}): Profile {
  const values: Record<string, string | null> = { nickname: 'Lucky', realName: null, telegram: null, zalo: null, birthday: null, address: null, nationality: 'MX', occupation: null, sourceOfIncome: null, bankAccount: '**** 8901' };
  return {
    fields: memberProfile.PROFILE_FIELDS.map((field) => ({
      field, value: values[field], masked: memberProfile.MASKED_FIELDS.includes(field),
      editable: !(values[field] && memberProfile.LOCKED_ONCE_SET.includes(field)),
    })),
    rules: {
      nickname: rule('^[^<>\\p{Cc}]+$', 2, 20, 'length'), realName: rule('^[A-Za-z ]+$', 2, 40, 'english_spaces'),
      telegram: rule('^@?[A-Za-z0-9_]+$', 5, 33, 'no_spaces'), zalo: rule('^[0-9]+$', 9, 12, 'digits_only'),
      birthday: rule('^\\d{4}-\\d{2}-\\d{2}$', 10, 10, 'date_ymd'), address: rule('^[^<>\\p{Cc}]+$', 5, 120, 'length'),
      nationality: rule('^[A-Z]{2}$', 2, 2, 'uppercase'), occupation: rule('^[^<>\\p{Cc}]+$', 2, 40, 'length'),
      sourceOfIncome: rule('^(salary|business|investment|savings|pension|other)$', 1, 20, 'any'), bankAccount: rule('^[0-9]+$', 8, 30, 'digits_only'),
    },
    mobile: '+52******5678', email: null,
    items: { loginPassword: true, mobile: true, email: false, paymentPassword: false, realName: false },
    score: 2, maxScore: 5, level: 'low',
    lastLogin: { at: '2026-11-20T18:00:00.000Z', ip: '203.0.113.7', country: 'MX' },
    avatarUrl: null,
    moneyOut: { state: 'ok', until: null },
    proofUntil: null,
    ...over,
  };
}

function server(routes: Record<string, (c: FakeCall) => { status?: number; body: unknown }> = {}) {
  return fakeServer({
    'GET /wps/member/info/profile': () => ok(profile()),
    'GET /wps/member/password/payment': () => ok({ isSet: false, lockedUntil: null }),
    'GET /wps/system/countries': () => ok([{ countryCode: 'MX', countryDialingCode: '+52', name: 'México' }]),
    ...routes,
  });
}

function open() {
  renderApp({ route: '/member', token: 'tok', member: memberFixture(), status: statusFixture() });
  return screen.findByTestId('page-securityCenter').then(async (page) => {
    await within(page).findByTestId('security-level');
    return page;
  });
}

describe('security centre page', () => {
  it('shows the level, the previous login, the items and the profile with masked and locked values', async () => {
    server();
    const page = await open();
    expect(within(page).getByTestId('security-level')).toHaveTextContent('Bajo');
    expect(within(page).getByTestId('security-level')).toHaveTextContent('2 de 5 protecciones activas');
    expect(page).toHaveTextContent('203.0.113.7');
    expect(within(page).getByTestId('sec-mobile')).toHaveTextContent('+52******5678');
    expect(within(page).getByTestId('sec-email')).toHaveTextContent('Sin vincular');
    const panel = within(page).getByTestId('profile-panel');
    expect(panel.querySelector('[data-field="bankAccount"]')).toHaveTextContent('**** 8901');
    expect(panel.querySelector('[data-field="realName"]')).toHaveTextContent('Sin configurar');
  });

  it('the profile form checks the rules and the minimum age, keeps locked fields read-only and sends only changes', async () => {
    const s = server({ 'POST /wps/member/info/profile': (c) => ok(profile({ fields: profile().fields.map((f) => f.field === 'telegram' ? { ...f, value: String((c.body as { telegram: string }).telegram) } : f) })) });
    const page = await open();
    await userEvent.click(within(page).getByRole('button', { name: /Editar/ }));
    const form = await screen.findByTestId('profile-form');
    const input = (name: string) => form.querySelector(`[name="${name}"]`) as HTMLInputElement;
    expect(input('bankAccount')).toHaveAttribute('readonly');
    expect(input('bankAccount').value).toBe('**** 8901');
    await userEvent.type(input('realName'), 'J0hn');
    await userEvent.type(input('telegram'), 'ab');
    fireEvent.change(input('birthday'), { target: { value: `${new Date().getUTCFullYear() - 10}-01-01` } });
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    expect(within(form).getByText('Debe tener al menos 18 años.')).toBeInTheDocument();
    expect(s.count('POST /wps/member/info/profile')).toBe(0);
    expect(form.querySelectorAll('.field__error').length).toBe(3);

    await userEvent.clear(input('realName'));
    await userEvent.clear(input('telegram'));
    await userEvent.type(input('telegram'), '@lucky_star');
    fireEvent.change(input('birthday'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(s.count('POST /wps/member/info/profile')).toBe(1));
    expect(s.calls.find((c) => c.path === '/wps/member/info/profile' && c.method === 'POST')!.body).toEqual({ telegram: '@lucky_star' });
    await waitFor(() => expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument());
    expect(within(page).getByTestId('profile-panel').querySelector('[data-field="telegram"]')).toHaveTextContent('@lucky_star');
  });

  it('shows a server field error under its field, translated', async () => {
    server({ 'POST /wps/member/info/profile': () => fail(409, 'member.profile.locked', { field: 'realName' }) });
    const page = await open();
    await userEvent.click(within(page).getByRole('button', { name: /Editar/ }));
    const form = await screen.findByTestId('profile-form');
    await userEvent.type(form.querySelector('[name="occupation"]') as HTMLInputElement, 'Engineer');
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    expect(await within(form).findByText('Este campo no se puede cambiar una vez configurado. Contacte con atención al cliente.')).toBeInTheDocument();
  });

  it('with a bound mobile, binding asks for a code sent to that mobile first', async () => {
    const s = server({
      'POST /wps/member/info/proof/code': () => ok({ expiredMinutes: 5, to: '+52******5678' }),
      'POST /wps/member/info/proof': (c) => (c.body as { verificationCode: string }).verificationCode === '654321'
        ? ok({ proofUntil: '2099-01-01T00:00:00.000Z' })
        : fail(400, 'sms.code.invalid'),
    });
    const page = await open();
    await userEvent.click(within(within(page).getByTestId('sec-email')).getByRole('button', { name: 'Vincular' }));
    const step = await screen.findByTestId('proof-step');
    expect(step).toHaveTextContent('Para este cambio enviamos un código a su +52******5678 vinculado.');
    expect(screen.queryByTestId('bind-form-email')).toBeNull();
    await userEvent.click(within(step).getByTestId('send-code'));
    await waitFor(() => expect(s.count('POST /wps/member/info/proof/code')).toBe(1));
    expect(s.calls.find((c) => c.path === '/wps/member/info/proof/code')!.body).toEqual({ channel: 'sms' });
    await userEvent.type(step.querySelector('[name="proofCode"]') as HTMLInputElement, '111111');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirmar' }));
    expect(await within(step).findByText('Código de verificación no válido o vacío.')).toBeInTheDocument();
    await userEvent.clear(step.querySelector('[name="proofCode"]') as HTMLInputElement);
    await userEvent.type(step.querySelector('[name="proofCode"]') as HTMLInputElement, '654321');
    await userEvent.click(within(step).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByTestId('bind-form-email')).toBeInTheDocument();
  });

  it('binds an e-mail: checks the address, sends the code, then binds with it', async () => {
    const s = server({
      'GET /wps/member/info/profile': () => ok(profile({ proofUntil: '2099-01-01T00:00:00.000Z' })),
      'POST /wps/member/info/bind/code': () => ok({ expiredMinutes: 5, to: 'l***@example.com' }),
      'POST /wps/member/info/bind': (c) => (c.body as { verificationCode: string }).verificationCode === '123456'
        ? ok(profile({ email: 'l***@example.com', items: { ...profile().items, email: true }, score: 3, level: 'medium' }))
        : fail(400, 'sms.code.invalid'),
    });
    const page = await open();
    await userEvent.click(within(within(page).getByTestId('sec-email')).getByRole('button', { name: 'Vincular' }));
    const form = await screen.findByTestId('bind-form-email');
    await userEvent.type(form.querySelector('[name="email"]') as HTMLInputElement, 'nope');
    await userEvent.click(within(form).getByTestId('send-code'));
    expect(s.count('POST /wps/member/info/bind/code')).toBe(0);
    expect(within(form).getByRole('alert')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1100)); // the send button takes one click a second (§5)
    await userEvent.clear(form.querySelector('[name="email"]') as HTMLInputElement);
    await userEvent.type(form.querySelector('[name="email"]') as HTMLInputElement, 'lucky@example.com');
    await userEvent.click(within(form).getByTestId('send-code'));
    expect(await within(form).findByText('Enviamos un código a l***@example.com.')).toBeInTheDocument();
    expect(form.querySelector('[name="password"]')).toBeNull(); // nothing bound yet: no password asked
    await userEvent.type(form.querySelector('[name="verificationCode"]') as HTMLInputElement, '111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Verificar y vincular' }));
    expect(await within(form).findByText('Código de verificación no válido o vacío.')).toBeInTheDocument();
    await userEvent.clear(form.querySelector('[name="verificationCode"]') as HTMLInputElement);
    await userEvent.type(form.querySelector('[name="verificationCode"]') as HTMLInputElement, '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Verificar y vincular' }));
    await waitFor(() => expect(within(page).getByTestId('security-level')).toHaveTextContent('Medio'));
    expect(within(page).getByTestId('sec-email')).toHaveTextContent('l***@example.com');
  });

  it('replacing the bound mobile asks for the login password', async () => {
    server({ 'GET /wps/member/info/profile': () => ok(profile({ proofUntil: '2099-01-01T00:00:00.000Z' })) });
    const page = await open();
    await userEvent.click(within(within(page).getByTestId('sec-mobile')).getByRole('button', { name: 'Cambiar' }));
    const form = await screen.findByTestId('bind-form-sms');
    expect(form.querySelector('[name="password"]')).not.toBeNull();
  });
});

describe('withdrawal password', () => {
  it('forgot it: a code to the bound mobile, a new 6-digit password', async () => {
    const s = server({
      'GET /wps/member/info/profile': () => ok(profile({ items: { ...profile().items, paymentPassword: true }, score: 3, level: 'medium' })),
      'GET /wps/member/password/payment': () => ok({ isSet: true, lockedUntil: null }),
      'POST /wps/member/info/payment-password/code': () => ok({ expiredMinutes: 5, to: '+52******5678' }),
      'POST /wps/member/info/payment-password/reset': () => ok({ isSet: true }),
    });
    const page = await open();
    await userEvent.click(within(within(page).getByTestId('sec-paymentPassword')).getByRole('button', { name: 'Cambiar' }));
    await userEvent.click(await screen.findByTestId('payment-reset-toggle'));
    const form = await screen.findByTestId('reset-payment-form');
    expect(form).toHaveTextContent('+52******5678');
    await userEvent.click(within(form).getByTestId('send-code'));
    await waitFor(() => expect(s.count('POST /wps/member/info/payment-password/code')).toBe(1));
    expect(s.calls.find((c) => c.path.endsWith('/payment-password/code'))!.body).toEqual({ channel: 'sms' });
    await userEvent.type(form.querySelector('[name="verificationCode"]') as HTMLInputElement, '123456');
    await userEvent.type(form.querySelector('[name="newPaymentPassword"]') as HTMLInputElement, '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Restablecer contraseña' }));
    expect(within(form).getByText('La contraseña de retiro debe tener 6 dígitos.')).toBeInTheDocument();
    await userEvent.type(form.querySelector('[name="newPaymentPassword"]') as HTMLInputElement, '6');
    await userEvent.type(form.querySelector('[name="confirmPaymentPassword"]') as HTMLInputElement, '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Restablecer contraseña' }));
    await waitFor(() => expect(s.count('POST /wps/member/info/payment-password/reset')).toBe(1));
    expect(s.calls.find((c) => c.path.endsWith('/payment-password/reset'))!.body)
      .toEqual({ channel: 'sms', verificationCode: '123456', newPassword: '123456', confirmPassword: '123456' });
    await waitFor(() => expect(screen.queryByTestId('reset-payment-form')).not.toBeInTheDocument());
  });
});

describe('avatar files', () => {
  it('refuses other types and files over 5 MB before sending, with the translated texts', async () => {
    server();
    await open();
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 100 })).toBe('El avatar debe ser una imagen PNG o JPG.');
    expect(checkAvatarFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('El avatar debe tener como máximo 5 MB.');
    expect(checkAvatarFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBe(null);
  });

  it('shows the server refusal of a disguised file', async () => {
    const s = server({ 'POST /wps/member/info/icon': () => fail(400, 'member.avatar.type') });
    const page = await open();
    const input = within(page).getByTestId('avatar-input') as HTMLInputElement;
    const fake = new File(['<svg onload="alert(1)"/>'], 'cat.png', { type: 'image/png' });
    await userEvent.upload(input, fake);
    expect(await within(page).findByRole('alert')).toHaveTextContent('El avatar debe ser una imagen PNG o JPG.');
    expect(s.count('POST /wps/member/info/icon')).toBe(1);
    expect((s.calls.find((c) => c.path === '/wps/member/info/icon')!.body as { image: string }).image).toMatch(/^data:image\/png;base64,/);
  });
});
