import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { initI18n, i18n } from './i18n';
import { ChunkLoadError, isChunkLoadError, lazySection, withTimeout } from './lazy';

function Hello({ who }: { who: string }) {
  return <p>Hola {who}</p>;
}

function renderWithI18n(ui: React.ReactNode) {
  initI18n('ES');
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('lazy sections', () => {
  it('a failed dynamic import shows a friendly error; Retry imports again and renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const importer = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Promotions-abc.js'))
      .mockResolvedValue({ default: Hello });
    const Section = lazySection(importer, 'Promotions');
    renderWithI18n(<Section who="mundo" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar esta sección');
    expect(importer).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Hola mundo')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a chunk that takes longer than the script timeout fails with ChunkLoadError and can be retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const importer = vi
        .fn<() => Promise<{ default: typeof Hello }>>()
        .mockReturnValueOnce(new Promise(() => {}))
        .mockResolvedValue({ default: Hello });
      const Section = lazySection(importer, 'GameCenter', 120_000);
      renderWithI18n(<Section who="otra vez" />);
      expect(await screen.findByRole('status')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(120_001);
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar esta sección');
      vi.useRealTimers();
      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByText('Hola otra vez')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('recognises chunk errors', async () => {
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    await expect(withTimeout(Promise.reject(new Error('boom')), 1000)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
