import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '@/lib/i18n';
import { TagFields, type LinkTags } from './TagFields';

function Host() {
  const [tags, setTags] = useState<LinkTags>({ campaign: '', sub: '' });
  return <><TagFields value={tags} onChange={setTags} testId="x" /><output data-testid="tags">{JSON.stringify(tags)}</output></>;
}

describe('TagFields (campaign and sub-ID of a tracked link)', () => {
  it('keeps only the characters a tag may hold, each field on its own', () => {
    initI18n('ES');
    render(<Host />);
    fireEvent.change(screen.getByTestId('x-campaign'), { target: { value: 'spring 2026!' } });
    fireEvent.change(screen.getByTestId('x-sub'), { target: { value: 'ads/s-1.a_b' } });
    expect(JSON.parse(screen.getByTestId('tags').textContent!)).toEqual({ campaign: 'spring2026', sub: 'adss-1.a_b' });
  });
});
