import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer } from '@/test/server';
import { renderApp } from '@/test/render';
import { verifyUrl } from './index';

vi.mock('@/lib/crypto', async () => (await import('@/test/server')).plainCrypto);

const SEED = 'a3f1c2e4b5d6978812345678909abcdefa3f1c2e4b5d6978812345678909abcd';
const HASH = '42dcf2107d5b64adbc2db88f0f22c680ad21f067e283dc0641633e2e7dc4295b';

describe('/fairness (no login)', () => {
  it('a link pre-filled with a round recomputes it in the browser and checks the commitment', async () => {
    fakeServer({});
    const url = verifyUrl({ game: 'dice', serverSeed: SEED, clientSeed: 'lucky-player', nonce: 1, params: { target: 50, direction: 'under', hash: HASH } });
    renderApp({ route: url });
    // the same vector as the server's vectors.test.ts: first 4 bytes b70cc77b -> 8027 -> 80.27
    expect((await screen.findByTestId('fairness-summary', {}, { timeout: 5000 })).textContent).toBe('80.27');
    expect(screen.getByTestId('fairness-result').textContent).toContain(HASH);
    expect(screen.getByText(/Coincide con el hash/)).toBeTruthy();
    expect(screen.getByTestId('reel-strips').querySelectorAll('p').length).toBe(6);
  });

  it('a wrong hash says it does not match; a lottery issue replays by the published rule', async () => {
    fakeServer({});
    renderApp({ route: verifyUrl({ game: 'lottery', serverSeed: SEED, clientSeed: 'FAST1', nonce: '20261127-0001', params: { hash: 'f'.repeat(64) } }) });
    expect((await screen.findByTestId('fairness-summary', {}, { timeout: 5000 })).textContent).toBe('DB: 59031');
    expect(screen.getByText(/NO coincide/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Juego/ }), 'keno');
    await userEvent.type(screen.getByRole('textbox', { name: /Números elegidos/ }), '1,2,99');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No se puede reproducir/);
  });

  it('a crash round: the multiplier from the revealed seed and the published salt, and the chain up to the terminating hash', async () => {
    fakeServer({});
    // the published vectors of the server's crash-chain.test.ts: round 3 of a chain of 5
    const salt = 'lobby-demo-crash-salt:2026-11-28:every-round-is-HMAC-SHA256(seed,this-salt)';
    renderApp({ route: verifyUrl({ game: 'crash', serverSeed: '019615f300791b4b7acb5432c9ab88fdbd8922c1425c66b3afcfbf8a59044fb6', clientSeed: salt, nonce: 0, params: {
      hash: '56c16c03c197c5a4b61090266f62878fae775fed99d7cfc23498ddaa31c1a130', terminatingHash: 'c07ab68b8cc6a02b50043cebba1ad7a7386d8cec3792009f1627e3e5349fc5e0',
    } }) });
    expect((await screen.findByTestId('fairness-summary', {}, { timeout: 5000 })).textContent).toBe('1.52×');
    expect(screen.getByTestId('fairness-chain').textContent).toMatch(/3 pasos de SHA-256: ronda 3/);
    expect(screen.getByText(/Coincide con el hash/)).toBeTruthy();
    expect(screen.getByTestId('crash-salt').textContent).toBe(salt);
  });
});
