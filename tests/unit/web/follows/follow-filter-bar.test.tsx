// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../../src/web/i18n/i18n.ts';
import type { FollowFilter } from '../../../../src/web/pages/follows/follow-filter.ts';
import { FollowFilterBar, type FilterChoices } from '../../../../src/web/pages/follows/follow-filters.tsx';
import { fileBackend } from '../../../helpers/locales.ts';
import { stubMatchMedia } from '../../../helpers/render-screen.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  await i18n.loadNamespaces('follows');
  stubMatchMedia();
});
afterEach(cleanup);

const CHOICES: FilterChoices = { types: [], people: [{ id: 7, name: 'Ana Silva' }] as FilterChoices['people'], trades: [] };

async function bar(filter: FollowFilter) {
  const onChange = vi.fn<(filter: FollowFilter) => void>();
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FollowFilterBar filter={filter} choices={CHOICES} onChange={onChange} />
      </I18nextProvider>,
    );
  });
  return onChange;
}

/*
 * The one filter bar of the list and the canvas: its count, chips and search, as a person
 * reaches them by keyboard (buttons and a search box with their names).
 */
describe('the follow-ups’ filter bar', () => {
  it('counts an overview week as one filter and removes both of its days with its one chip', async () => {
    const onChange = await bar({ createdFrom: '2026-11-02', createdTo: '2026-11-08', assigneeIds: [7] });
    expect(screen.getByTestId('follow-filter').getAttribute('aria-label')).toBe('Filters (2)');
    expect(screen.getByTestId('follow-chips').querySelectorAll('.follow-chip')).toHaveLength(2);
    expect(screen.getByTestId('follow-chips').textContent).toContain('Ana Silva');
    fireEvent.click(screen.getByRole('button', { name: /^Remove the filter “Created: Nov 2, 2026 – Nov 8, 2026”/ }));
    expect(onChange).toHaveBeenCalledWith({ assigneeIds: [7] });
  });

  it('searches with the words typed when Enter is pressed, the filters kept', async () => {
    const onChange = await bar({ statuses: ['open'] });
    const search = screen.getByRole('searchbox', { name: 'Search number, title or description' });
    fireEvent.change(search, { target: { value: ' stair 2 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenCalledWith({ statuses: ['open'], text: 'stair 2' });
  });
});
