import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';

describe('popup host', () => {
  it('the header login button opens the login popup; Escape closes it and focus returns', async () => {
    renderApp();
    const button = screen.getAllByRole('button', { name: 'Iniciar sesión' })[0];
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await within(dialog).findByTestId('login-form')).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(button);
  });

  it('the backdrop closes; Tab stays inside the popup (focus trap)', async () => {
    renderApp();
    await userEvent.click(screen.getAllByRole('button', { name: 'Registrarse' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Crear una cuenta' });
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
