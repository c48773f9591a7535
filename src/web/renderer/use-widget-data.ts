import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetConfig } from '../../core/pages/page-config.ts';
import type { DatasetQuery, QueryFilter } from '../../core/query/query-spec.ts';
import type { WidgetDataState } from '../../../widgets/types.ts';
import type { QueryResult } from '../api/page-endpoints.ts';
import { messageOf } from '../api/error-message.ts';
import type { PageDataSource } from './page-data-source.ts';
import { mergeQuery } from './widget-query.ts';

/** Filter changes settle this long before a widget asks again, so a drag through dates sends one query. */
export const REFETCH_DEBOUNCE_MS = 300;

export interface WidgetData {
  data: WidgetDataState;
  fetchData: (override: Partial<DatasetQuery>) => Promise<QueryResult>;
}

/**
 * Runs a widget's `data` with the page filter clauses that apply to it (null: not known yet),
 * again when they change (debounced), showing the last result meanwhile. An answer that
 * arrives after a newer request was sent is dropped.
 */
export function useWidgetData(widget: WidgetConfig, source: PageDataSource, clauses: QueryFilter[] | null, refreshToken = 0): WidgetData {
  const [data, setData] = useState<WidgetDataState>(widget.data ? { status: 'loading' } : { status: 'none' });
  const latest = useRef(0);
  const clausesNow = useRef(clauses);
  clausesNow.current = clauses;

  const load = useCallback(
    (pageClauses: QueryFilter[]) => {
      if (!widget.data) return;
      const request = ++latest.current;
      setData((previous) => (previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
      const { query, extras } = mergeQuery(widget.data, pageClauses);
      source.run(widget, query, extras).then(
        (result) => {
          if (request === latest.current) setData({ status: 'ready', result, refreshing: false });
        },
        (failure: unknown) => {
          if (request !== latest.current) return;
          setData({ status: 'error', message: messageOf(failure, ''), retry: () => load(clausesNow.current ?? []) });
        },
      );
    },
    [widget, source],
  );

  // The first query goes out at once; later changes of the filters (or, in an editor, of the
  // widget's own query) wait for the debounce.
  const started = useRef(false);
  const sentKey = useRef<string | null>(null);
  const key = clauses === null || !widget.data ? null : JSON.stringify([widget.data, clauses]);
  useEffect(() => {
    if (!widget.data || key === null || key === sentKey.current) return;
    const send = () => {
      sentKey.current = key;
      load((JSON.parse(key) as [unknown, QueryFilter[]])[1]);
    };
    if (!started.current) {
      started.current = true;
      send();
      return;
    }
    const timer = setTimeout(send, REFETCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, load, widget.data]);

  // A new refresh token (auto-refresh, "refresh now") asks again with the filters as they stand.
  const refreshedFor = useRef(refreshToken);
  useEffect(() => {
    if (refreshToken === refreshedFor.current) return;
    refreshedFor.current = refreshToken;
    if (started.current && clausesNow.current !== null) load(clausesNow.current);
  }, [refreshToken, load]);

  const fetchData = useCallback(
    (override: Partial<DatasetQuery>) => {
      if (!widget.data) return Promise.reject(new Error(`Widget ${widget.id} has no data`));
      const { query, extras } = mergeQuery(widget.data, clausesNow.current ?? [], override);
      return source.run(widget, query, extras);
    },
    [widget, source],
  );

  return { data, fetchData };
}
