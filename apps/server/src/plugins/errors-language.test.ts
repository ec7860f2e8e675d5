import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { AppError, errorsPlugin } from './errors.ts';

describe('error envelope language', () => {
  it('answers the message in the language header\'s language: translated ones, else ES or EN', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/x', () => {
      throw new AppError('cashier.amount.out.of.range', { min: '10.00', max: '500.00' });
    });
    const ask = async (language?: string) => (await app.inject({ url: '/x', headers: language ? { language } : {} })).json();
    expect(await ask('AR')).toMatchObject({ errorCode: 'cashier.amount.out.of.range', message: 'يجب أن يكون المبلغ بين 10.00 و500.00.' });
    expect((await ask('PT-BR')).message).toBe('O valor deve estar entre 10.00 e 500.00.');
    expect((await ask('FA')).message).toBe('مبلغ باید بین 10.00 و 500.00 باشد.');
    expect((await ask('ES')).message).toBe('El monto debe estar entre 10.00 y 500.00.');
    expect((await ask('JA')).message).toBe('The amount must be between 10.00 and 500.00.');
    expect((await ask()).message).toBe('El monto debe estar entre 10.00 y 500.00.');
    await app.close();
  });
});
