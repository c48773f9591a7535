/** The response envelope every API call answers with (spec §3). */
export interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

/** One page of a list; `pageNum` is 1-based. */
export interface PageResult<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;
