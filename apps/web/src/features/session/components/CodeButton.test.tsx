import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PopupProvider } from '@/components/popups';
import { ApiError } from '@/lib/api';
import { i18n, initI18n } from '@/lib/i18n';
import { CodeButton } from './CodeButton';

afterEach(() => vi.useRealTimers());

function setup(props: Partial<Parameters<typeof CodeButton>[0]> = {}) {
  initI18n('ES');
  const send = vi.fn(async () => ({ expiredMinutes: 5 }));
  const validate = vi.fn(() => true);
  render(
    <I18nextProvider i18n={i18n}>
      <PopupProvider>
        <CodeButton send={send} validate={validate} {...props} />
      </PopupProvider>
    </I18nextProvider>,
  );
  return { send, validate, button: screen.getByTestId('send-code') };
}

describe('SMS code button', () => {
  it('checks the mobile first: nothing is sent when it is invalid', async () => {
    const validate = vi.fn(() => false);
    const { send, button } = setup({ validate });
    await act(async () => void fireEvent.click(button));
    expect(validate).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once, then counts down expiredMinutes × 60 s with the button disabled', async () => {
    vi.useFakeTimers();
    const { send, button } = setup();
    await act(async () => void fireEvent.click(button));
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Reenviar en 300 s');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Reenviar en 299 s');
    await act(async () => void vi.advanceTimersByTime(299_000));
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Enviar código');
  });

  it('is throttled to one click per second', async () => {
    const validate = vi.fn(() => false);
    const { button } = setup({ validate });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('a failed send opens a warning dialog with the translated server message', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('sms.too.many', 'Too many', 429);
    });
    const { button } = setup({ send });
    await act(async () => void fireEvent.click(button));
    expect(await screen.findByText('Demasiadas solicitudes. Inténtelo de nuevo en 5 minutos.')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });
});
