import { describe, expect, it } from 'vitest';
import { readableRef } from './reference';

describe('readableRef', () => {
  it('keeps order numbers and drops the kind words of internal keys', () => {
    expect(readableRef('D202611270001')).toBe('D202611270001');
    expect(readableRef('vendor:PVP-DICE:1-20:win')).toBe('PVP-DICE 1-20');
    expect(readableRef('trial_grant:42')).toBe('42');
    expect(readableRef('points_convert:')).toBe('');
    expect(readableRef(undefined)).toBe('');
  });
});
