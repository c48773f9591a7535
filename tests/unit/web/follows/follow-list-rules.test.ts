import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/web/api/api-error.ts';
import { mentionedIn } from '../../../../src/web/pages/follows/detail/follow-detail-store.ts';
import { PHOTO_ATTEMPTS, PhotoUploads } from '../../../../src/web/pages/follows/edit/photo-uploads.ts';
import { cleanFilter, filterBody, filterCount, filterParts, FIRST_QUERY, listPath, queryFromSearch, searchFromQuery, withoutPart } from '../../../../src/web/pages/follows/follow-filter.ts';

describe('the follow-up list in the address', () => {
  it('reads every filter, the sort and the page back as written', () => {
    const query = {
      filter: {
        typeIds: [2, 5],
        statuses: ['open' as const, 'readyForReview' as const],
        priorities: ['critical' as const],
        assigneeIds: [0, 7],
        trades: ['', 'Electrical'],
        sheetId: 12,
        dueFrom: '2026-11-01',
        dueTo: '2026-11-30',
        overdue: true,
        createdByMe: true,
        assignedToMe: true,
        watchedByMe: true,
        text: 'stair 2',
      },
      sort: 'dueDate' as const,
      order: 'asc' as const,
      page: 3,
    };
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
  });

  it('leaves defaults out and drops what it cannot read', () => {
    expect(searchFromQuery(FIRST_QUERY).toString()).toBe('');
    const read = queryFromSearch(new URLSearchParams('status=open,gone&type=x,3&sheet=-1&dueFrom=tomorrow&sort=colour&order=up&page=0&overdue=yes'));
    expect(read).toEqual({ filter: { statuses: ['open'], typeIds: [3] }, sort: 'number', order: 'desc', page: 1 });
  });

  it('opens the list filtered by an overview figure', () => {
    expect(listPath({})).toBe('/follows');
    expect(listPath({ statuses: ['open', 'inProgress'], assigneeIds: [0] })).toBe('/follows?status=open%2CinProgress&assignee=0');
    expect(queryFromSearch(new URL(`http://x${listPath({ trades: [''] })}`).searchParams).filter).toEqual({ trades: [''] });
  });

  it('counts and sends only the filters that are set', () => {
    const filter = { statuses: [], text: '', overdue: false, typeIds: [1], createdByMe: true };
    expect(filterCount(filter)).toBe(2);
    expect(cleanFilter(filter)).toEqual({ typeIds: [1], createdByMe: true });
  });
});

describe('the filter of the list and the canvas', () => {
  it('counts a created or due range as one filter, whichever of its ends are set', () => {
    expect(filterCount({})).toBe(0);
    expect(filterCount({ createdFrom: '2026-11-02', createdTo: '2026-11-08' })).toBe(1);
    expect(filterCount({ createdFrom: '2026-11-02' })).toBe(1);
    expect(filterCount({ createdTo: '2026-11-08' })).toBe(1);
    expect(filterCount({ dueFrom: '2026-11-02', dueTo: '2026-11-08', createdFrom: '2026-11-02', createdTo: '2026-11-08', statuses: ['open'] })).toBe(3);
    // An overview week opens the list with one filter, not two.
    expect(filterCount(queryFromSearch(new URLSearchParams('createdFrom=2026-11-02&createdTo=2026-11-08&status=open')).filter)).toBe(2);
  });

  it('names each filter set once, in the chips’ order, and removes a range whole', () => {
    const filter = { overdue: true, createdTo: '2026-11-08', createdFrom: '2026-11-02', statuses: ['open' as const], text: 'stair', trades: [] };
    expect(filterParts(filter)).toEqual(['text', 'statuses', 'created', 'overdue']);
    expect(withoutPart(filter, 'created')).toEqual({ overdue: true, statuses: ['open'], text: 'stair', trades: [] });
    expect(withoutPart(filter, 'statuses')).not.toHaveProperty('statuses');
  });

  it('asks the server with the workspace and the filters set, nothing empty', () => {
    expect(filterBody('NW', {})).toEqual({ workspaceCode: 'NW' });
    const filter = { statuses: [], priorities: ['high' as const], text: '', overdue: false, assigneeIds: [0], createdFrom: '2026-11-02', createdTo: undefined, watchedByMe: true };
    expect(filterBody('NW', filter)).toEqual({ workspaceCode: 'NW', priorities: ['high'], assigneeIds: [0], createdFrom: '2026-11-02', watchedByMe: true });
  });
});

describe('mentions in a comment', () => {
  const people = [
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Ann Lee' },
    { id: 3, name: 'Bo' },
  ];
  it('finds each @Name, the longer name first', () => {
    expect(mentionedIn('@Ann Lee please look', people)).toEqual([2]);
    expect(mentionedIn('@Ann and @Ann Lee, and @Bo', people).sort()).toEqual([1, 2, 3]);
    expect(mentionedIn('Ann without the at sign', people)).toEqual([]);
  });
});

describe('photos of a follow-up being written', () => {
  const dropped = () => new ApiError('The connection dropped', 'network', 0, 0);
  const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
  globalThis.URL.createObjectURL ??= () => 'blob:test';
  globalThis.URL.revokeObjectURL ??= () => undefined;
  const settled = async (photos: PhotoUploads) => {
    for (let i = 0; i < 50 && photos.busy; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('sends a photo again by itself after a dropped connection', async () => {
    let calls = 0;
    const photos = new PhotoUploads({
      upload: async (_file, onProgress) => {
        calls++;
        onProgress(50);
        if (calls < 3) throw dropped();
        return { fileId: 'f1', name: 'a.png', size: 3, type: 'image/png', url: '', createTime: '', createdBy: 1 };
      },
      pause: () => Promise.resolve(),
      describe: () => 'failed',
    });
    photos.add([file('a.png')]);
    await settled(photos);
    expect(calls).toBe(3);
    expect(photos.items[0]).toMatchObject({ state: 'done', fileId: 'f1', attempt: 3 });
    expect(photos.fileIds).toEqual(['f1']);
  });

  it('waits for a retry after the last attempt, and stops at once on a refusal', async () => {
    let calls = 0;
    let online = false;
    const photos = new PhotoUploads({
      upload: async () => {
        calls++;
        if (!online) throw calls > PHOTO_ATTEMPTS ? new ApiError('Not an image', 'http', 400, 400) : dropped();
        return { fileId: 'f2', name: 'b.png', size: 3, type: 'image/png', url: '', createTime: '', createdBy: 1 };
      },
      pause: () => Promise.resolve(),
      describe: (error) => (error as Error).message,
    });
    photos.add([file('b.png')]);
    await settled(photos);
    expect(calls).toBe(PHOTO_ATTEMPTS);
    expect(photos.items[0]).toMatchObject({ state: 'failed', error: 'The connection dropped' });
    expect(photos.failed).toBe(true);
    online = true;
    photos.retry(photos.items[0]!.key);
    await settled(photos);
    expect(photos.items[0]).toMatchObject({ state: 'done', fileId: 'f2' });
  });
});
