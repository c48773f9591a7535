import {
  FOLLOW_PRIORITIES,
  FOLLOW_SORTS,
  FOLLOW_STATUSES,
  type FollowFilterBody,
  type FollowPriority,
  type FollowSort,
  type FollowStatus,
} from '../../../core/contracts/follows.ts';

/** The list's filters as a person sets them (the workspace comes from the shell). */
export type FollowFilter = Omit<FollowFilterBody, 'workspaceCode'>;

export interface FollowQuery {
  filter: FollowFilter;
  sort: FollowSort;
  order: 'asc' | 'desc';
  page: number;
}

export const FIRST_QUERY: FollowQuery = { filter: {}, sort: 'number', order: 'desc', page: 1 };

const ids = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const listOf = <T extends string>(value: string | null, allowed: readonly T[]) =>
  (value ?? '').split(',').filter((each): each is T => (allowed as readonly string[]).includes(each));

/**
 * The list's filters in the address (`/follows?status=open&assignee=3`), so an overview figure,
 * a link or a reload opens the list as it was. Unknown or malformed parts are dropped.
 */
export function queryFromSearch(search: URLSearchParams): FollowQuery {
  const filter: FollowFilter = {};
  const typeIds = ids(search.get('type')).filter((n) => n > 0);
  if (typeIds.length) filter.typeIds = typeIds;
  const statuses = listOf<FollowStatus>(search.get('status'), FOLLOW_STATUSES);
  if (statuses.length) filter.statuses = statuses;
  const priorities = listOf<FollowPriority>(search.get('priority'), FOLLOW_PRIORITIES);
  if (priorities.length) filter.priorities = priorities;
  const assigneeIds = ids(search.get('assignee'));
  if (search.get('assignee') !== null && assigneeIds.length) filter.assigneeIds = assigneeIds;
  // Trades are free words: each its own parameter, '' meaning "no trade".
  const trades = search.getAll('trade');
  if (trades.length) filter.trades = trades.slice(0, 100);
  const sheetId = positive(search.get('sheet'));
  if (sheetId) filter.sheetId = sheetId;
  const dueFrom = day(search.get('dueFrom'));
  if (dueFrom) filter.dueFrom = dueFrom;
  const dueTo = day(search.get('dueTo'));
  if (dueTo) filter.dueTo = dueTo;
  const createdFrom = day(search.get('createdFrom'));
  if (createdFrom) filter.createdFrom = createdFrom;
  const createdTo = day(search.get('createdTo'));
  if (createdTo) filter.createdTo = createdTo;
  if (search.get('overdue') === '1') filter.overdue = true;
  if (search.get('mine') === '1') filter.createdByMe = true;
  if (search.get('assignedToMe') === '1') filter.assignedToMe = true;
  if (search.get('watched') === '1') filter.watchedByMe = true;
  const text = search.get('q')?.slice(0, 100);
  if (text) filter.text = text;
  const sort = (FOLLOW_SORTS as readonly string[]).includes(search.get('sort') ?? '') ? (search.get('sort') as FollowSort) : FIRST_QUERY.sort;
  const order = search.get('order') === 'asc' ? 'asc' : search.get('order') === 'desc' ? 'desc' : FIRST_QUERY.order;
  return { filter, sort, order, page: positive(search.get('page')) ?? 1 };
}

/** The address's query of a list query; defaults are left out. */
export function searchFromQuery(query: FollowQuery): URLSearchParams {
  const { filter } = query;
  const search = new URLSearchParams();
  if (filter.typeIds?.length) search.set('type', filter.typeIds.join(','));
  if (filter.statuses?.length) search.set('status', filter.statuses.join(','));
  if (filter.priorities?.length) search.set('priority', filter.priorities.join(','));
  if (filter.assigneeIds?.length) search.set('assignee', filter.assigneeIds.join(','));
  for (const trade of filter.trades ?? []) search.append('trade', trade);
  if (filter.sheetId) search.set('sheet', String(filter.sheetId));
  if (filter.dueFrom) search.set('dueFrom', filter.dueFrom);
  if (filter.dueTo) search.set('dueTo', filter.dueTo);
  if (filter.createdFrom) search.set('createdFrom', filter.createdFrom);
  if (filter.createdTo) search.set('createdTo', filter.createdTo);
  if (filter.overdue) search.set('overdue', '1');
  if (filter.createdByMe) search.set('mine', '1');
  if (filter.assignedToMe) search.set('assignedToMe', '1');
  if (filter.watchedByMe) search.set('watched', '1');
  if (filter.text) search.set('q', filter.text);
  if (query.sort !== FIRST_QUERY.sort) search.set('sort', query.sort);
  if (query.order !== FIRST_QUERY.order) search.set('order', query.order);
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

/** The list's address under a filter (an overview figure's link). */
export function listPath(filter: FollowFilter): string {
  const search = searchFromQuery({ ...FIRST_QUERY, filter });
  return search.size ? `/follows?${search}` : '/follows';
}

/** One filter as a person sets and removes it (a chip, one in the filter button's count): a date range is one, of two ends. */
export type FilterPart = Exclude<keyof FollowFilter, 'dueFrom' | 'dueTo' | 'createdFrom' | 'createdTo'> | 'due' | 'created';

/** Each filter's keys, in the order the chips show them. */
const PART_KEYS: Record<FilterPart, (keyof FollowFilter)[]> = {
  text: ['text'],
  typeIds: ['typeIds'],
  statuses: ['statuses'],
  priorities: ['priorities'],
  assigneeIds: ['assigneeIds'],
  reviewerId: ['reviewerId'],
  trades: ['trades'],
  sheetId: ['sheetId'],
  due: ['dueFrom', 'dueTo'],
  created: ['createdFrom', 'createdTo'],
  overdue: ['overdue'],
  createdByMe: ['createdByMe'],
  assignedToMe: ['assignedToMe'],
  watchedByMe: ['watchedByMe'],
};

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== false && value !== '');

/** The filters that are set, each range once. */
export function filterParts(filter: FollowFilter): FilterPart[] {
  return (Object.keys(PART_KEYS) as FilterPart[]).filter((part) => PART_KEYS[part].some((key) => isSet(filter[key])));
}

/** How many filters are set (the filter button's badge): a created or due range counts once. */
export function filterCount(filter: FollowFilter): number {
  return filterParts(filter).length;
}

/** The filter without one of its parts (both ends of a range). */
export function withoutPart(filter: FollowFilter, part: FilterPart): FollowFilter {
  const next = { ...filter };
  for (const key of PART_KEYS[part]) delete next[key];
  return next;
}

/** A filter with empty parts dropped, as it is sent and saved. */
export function cleanFilter(filter: FollowFilter): FollowFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => isSet(value)));
}

/**
 * The request's filter: the workspace and the parts set. The list, its export and the canvas's
 * pins all ask with it, so a filter finds the same follow-ups on every screen.
 */
export function filterBody(workspaceCode: string, filter: FollowFilter): FollowFilterBody {
  return { workspaceCode, ...cleanFilter(filter) };
}
