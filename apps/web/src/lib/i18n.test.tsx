import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { errorText, i18n } from './i18n';

function languageSelect() {
  return screen.getAllByRole('combobox', { name: 'Idioma' })[0] as HTMLSelectElement;
}

describe('language switch', () => {
  it('lists the brand languages with native labels', async () => {
    renderApp();
    const options = [...languageSelect().options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([['ES', 'Español'], ['EN', 'English'], ['AR', 'العربية']]);
  });

  it('AR sets <html dir=rtl lang=ar> and saves lang and hisLang; EN goes back to ltr', async () => {
    renderApp();
    await userEvent.selectOptions(languageSelect(), 'AR');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('lang')).toBe('AR');
    expect(localStorage.getItem('hisLang')).toBe('AR');
    // AR's strings load as a chunk (locales/ar.json): the header reads Arabic.
    expect(await screen.findAllByText('تسجيل الدخول')).not.toHaveLength(0);

    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'اللغة' })[0], 'EN');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('EN');
    expect(i18n.language).toBe('EN');
  });

  it('when logged in, tells the server (member.setLanguage)', async () => {
    // Only the language call answers; any other call the page makes gets the server's 404 envelope.
    const fetch = vi.fn(async (url: string) =>
      url === '/wps/member/language'
        ? new Response(JSON.stringify({ success: true, value: { language: 'EN' } }), { status: 200 })
        : new Response(JSON.stringify({ success: false, errorCode: 'request.not.found', message: '' }), { status: 404 }),
    );
    renderApp({ token: 'tok', member: memberFixture() });
    vi.stubGlobal('fetch', fetch);
    await userEvent.selectOptions(languageSelect(), 'EN');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const call = fetch.mock.calls.find((c) => c[0] === '/wps/member/language') as unknown as [string, RequestInit];
    expect(call).toBeTruthy();
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(call[1].body as string)).toEqual({ language: 'EN' });
    expect((call[1].headers as Record<string, string>).Authorization).toBe('tok');
  });
});

describe('errorText', () => {
  it('the error texts the client raises itself equal the contract ERRORS table in ES and EN', async () => {
    const { ERRORS } = await import('@lobby/contract');
    const es = (await import('@/locales/es.json')).default.errorCodes as Record<string, string>;
    const en = (await import('@/locales/en.json')).default.errorCodes as Record<string, string>;
    for (const [code, def] of Object.entries(ERRORS)) {
      const key = code.replace(/\./g, '_');
      const asLocale = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');
      if (key in es) expect(es[key], code).toBe(asLocale(def.es));
      if (key in en) expect(en[key], code).toBe(asLocale(def.en));
    }
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('uses the locale text with parameters, else the server message, else unknown error', async () => {
    await i18n.changeLanguage('ES');
    expect(errorText('login.locked', 'server text', { minutes: 5 })).toBe('Demasiados intentos fallidos. Inténtelo de nuevo en 5 minutos.');
    expect(errorText('wallet.insufficient', 'Saldo insuficiente (servidor).')).toBe('Saldo insuficiente (servidor).');
    expect(errorText('no.such.code')).toBe('Error desconocido. Inténtelo de nuevo más tarde.');
  });
});
