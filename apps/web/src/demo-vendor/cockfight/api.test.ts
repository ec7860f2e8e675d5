import { describe, expect, it } from 'vitest';
import { demoCockfight } from '@lobby/contract';
import { CF_PATHS } from './api';

describe('cockfight client', () => {
  it('calls the paths of the contract', () => {
    expect(CF_PATHS).toEqual(Object.fromEntries(Object.entries(demoCockfight.demoCockfightEndpoints).map(([k, e]) => [k, e.path])));
    expect(demoCockfight.PLAY_PATH).toBe('/demo-vendor/play/cockfight');
  });
});
