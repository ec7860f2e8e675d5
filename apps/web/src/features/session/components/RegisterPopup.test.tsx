import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldRule } from '@lobby/contract';
import { renderApp } from '@/test/render';
import { memberFixture, statusFixture } from '@/test/fixtures';
import { getToken } from '@/lib/storage';
import { fail, fakeServer, loginValue, ok } from '@/test/server';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const rule = (acceptedPattern: string, minLength: number, maxLength: number, patternId: string, enabled = true, required = true): FieldRule =>
  ({ acceptedPattern, minLength, maxLength, patternId, enabled, required });
const RULES: Record<string, FieldRule> = {
  username: rule('^[A-Za-z][A-Za-z0-9]*$', 6, 16, 'letter_start_alnum'),
  password: rule('^(?=.*[A-Za-z])(?=.*[0-9]).+$', 6, 20, 'letters_digits'),
  confirmPassword: rule('*', 6, 20, 'length'),
  email: rule('^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', 5, 64, 'mailbox', true, false),
  birthday: rule('^\\d{4}-\\d{2}-\\d{2}$', 10, 10, 'date_ymd', true, false),
  affiliateCode: rule('^[A-Za-z0-9]+$', 4, 16, 'alphanumeric', true, false),
  qqNum: rule('*', 0, 64, 'digits_only', false, false),
};
const status = () => {
  const s = statusFixture();
  s.info.register = RULES;
  s.info.whitelabel = [
    { modId: 'COMM3', enabled: true, childrenNodes: [] },
    { modId: 'REG3', enabled: true, childrenNodes: [{ modId: 'USERNAMEREG3', enabled: true, childrenNodes: [] }] },
  ];
  return s;
};

const CAPTCHA = { image: 'data:image/png;base64,iVBORw0KGgo=', captchaId: 'cap-1', expiresInSeconds: 300 };
const CAPTCHA_LABEL = /^Captcha/;
const CAPTCHA_ALT = 'Imagen captcha';

async function openRegister(route = '/register') {
  renderApp({ route, status: status() });
  const dialog = await screen.findByRole('dialog', { name: 'Crear una cuenta' });
  const form = await within(dialog).findByTestId('register-form');
  const field = (label: RegExp) => within(form).getByLabelText(label);
  const submit = () => userEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
  return { dialog, form, field, submit };
}

describe('register popup', () => {
  it('required fields first; the optional ones (labelled) behind "More details"; disabled ones never', async () => {
    const { form } = await openRegister();
    expect(within(form).queryByLabelText(/^Correo electrónico/)).not.toBeInTheDocument();
    const more = within(form).getByRole('button', { name: 'Más datos (opcionales)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(form).getByLabelText(/^Usuario/)).toBeRequired();
    expect(within(form).getByLabelText(/^Correo electrónico/)).not.toBeRequired();
    expect(within(form).getByText('Correo electrónico').parentElement).toHaveTextContent('(opcional)');
    expect(within(form).queryByLabelText(/Número QQ/)).not.toBeInTheDocument();
  });

  it('terms (a plain request to accept them, issue 23 item 6, not §8 "not empty?"), rule messages with (min)/(max), and the confirmation', async () => {
    const server = fakeServer({});
    const { form, field, submit } = await openRegister();
    await userEvent.type(field(/^Usuario/), '9abc');
    await userEvent.type(field(/^Contraseña/), 'onlyletters');
    await userEvent.type(field(/^Confirmar contraseña/), 'different1');
    await userEvent.click(within(form).getByRole('button', { name: 'Más datos (opcionales)' }));
    await userEvent.type(field(/^Correo electrónico/), 'nope');
    await submit();
    expect(within(form).getByText('Acepte los términos y condiciones para continuar.')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/help#term');
    expect(within(form).getByText('6-16 caracteres: empiece con una letra, luego letras o dígitos')).toBeInTheDocument();
    expect(within(form).getAllByText('6-20 caracteres, con letras y dígitos').length).toBeGreaterThan(0);
    expect(within(form).getByText('La confirmación no coincide')).toBeInTheDocument();
    expect(within(form).getByText('Escriba un formato de correo válido')).toBeInTheDocument();
    expect(server.count('POST /wps/member/register')).toBe(0);
  });

  it('birthday: day, month and year in the page language (dd/mm/yyyy order in ES), and age 18', async () => {
    const { form, field, submit } = await openRegister();
    await userEvent.click(within(form).getByRole('button', { name: 'Más datos (opcionales)' }));
    const group = field(/^Fecha de nacimiento/).closest('.birthday-input') as HTMLElement;
    const selects = within(group).getAllByRole('combobox');
    expect(selects.map((s) => s.getAttribute('name'))).toEqual(['birthday-day', 'birthday-month', 'birthday-year']);
    expect(within(selects[1]).getByRole('option', { name: 'enero' })).toBeInTheDocument();
    const year = String(new Date().getUTCFullYear() - 10);
    await userEvent.selectOptions(selects[0], '01');
    await userEvent.selectOptions(selects[1], '01');
    await userEvent.selectOptions(selects[2], year);
    await submit();
    expect(within(form).getByText('Debe tener al menos 18 años.')).toBeInTheDocument();
  });

  it('an invalid affiliate code warns invitation_code_error', async () => {
    fakeServer({ 'GET /wps/agent/affiliate': () => fail(400, 'invitation_code_error') });
    const { form, field } = await openRegister();
    await userEvent.click(within(form).getByRole('button', { name: 'Más datos (opcionales)' }));
    await userEvent.type(field(/^Código de invitación/), 'NOPE99');
    await userEvent.tab();
    const warn = await screen.findByRole('dialog', { name: 'Aviso' });
    expect(within(warn).getByText('El código de invitación no es válido.')).toBeInTheDocument();
  });

  it('success registers with the referral code and the captcha (always asked: issue 18), logs in and goes to /', async () => {
    const server = fakeServer({
      'GET /wps/captcha': () => ok(CAPTCHA),
      'POST /wps/member/register': () => ok(loginValue({ userName: 'newuser1', firstTimeLogin: true })),
      'GET /wps/member/info': () => ok(memberFixture({ nickname: 'newuser1' })),
    });
    const { form, field, submit } = await openRegister('/register?referralCode=AGENT01');
    // the link's code sits in the invitation field, filled in and read-only (issue 23 item 6)
    expect(field(/^Código de invitación/)).toHaveValue('AGENT01');
    expect(field(/^Código de invitación/)).toHaveAttribute('readonly');
    await userEvent.type(field(/^Usuario/), 'newuser1');
    await userEvent.type(field(/^Contraseña/), 'Secret123');
    await userEvent.type(field(/^Confirmar contraseña/), 'Secret123');
    expect(await within(form).findByRole('img', { name: CAPTCHA_ALT })).toHaveAttribute('src', CAPTCHA.image);
    await userEvent.type(field(CAPTCHA_LABEL), 'ace47');
    await userEvent.click(within(form).getByRole('checkbox'));
    await submit();
    await waitFor(() => expect(getToken()).toBe('tok-123'));
    expect(server.calls.find((c) => c.path === '/wps/member/register')?.body).toMatchObject({
      username: 'newuser1', password: 'Secret123', confirmPassword: 'Secret123', terms: true, referralCode: 'AGENT01', registerMethod: 'WEB', login: true,
      captcha: 'ace47', captchaId: 'cap-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crear una cuenta' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('a server field error lands on its field with the patternId message', async () => {
    fakeServer({
      'GET /wps/captcha': () => ok(CAPTCHA),
      'POST /wps/member/register': () => fail(400, 'field.invalid', { field: 'username', reason: 'pattern', patternId: 'alphanumeric', minLength: 8, maxLength: 8 }),
    });
    const { form, field, submit } = await openRegister();
    await userEvent.type(field(/^Usuario/), 'newuser1');
    await userEvent.type(field(/^Contraseña/), 'Secret123');
    await userEvent.type(field(/^Confirmar contraseña/), 'Secret123');
    await userEvent.type(field(CAPTCHA_LABEL), 'ACE47');
    await userEvent.click(within(form).getByRole('checkbox'));
    await submit();
    const input = field(/^Usuario/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('8 caracteres: solo letras y dígitos')).toBeInTheDocument();
  });
});
