import { useMemo } from 'react';
import type { LocalText } from '../../../../core/local-text.ts';
import type { DatasetFieldType } from '../../../../core/query/query-spec.ts';
import ChartWidget from '../../../../../widgets/chart/chart-widget.tsx';
import type { ChartProps } from '../../../../../widgets/chart/chart-props.ts';
import type { CrossSelection, PageFilterState } from '../../../../../widgets/types.ts';

export interface FollowChartColumn {
  name: string;
  title: LocalText;
  type: DatasetFieldType;
}

/**
 * The platform's chart widget drawn from figures the follow-up overview already counted (no
 * dataset query): the same look, direction, colours and accessible summary as a plate's charts.
 * A click on a category hands its value to `onPick` (the overview opens the list filtered by it).
 */
export function FollowChart({
  id,
  title,
  props,
  rows,
  columns,
  onPick,
}: {
  id: string;
  title: string;
  props: ChartProps;
  rows: Record<string, unknown>[];
  columns: FollowChartColumn[];
  onPick?: (value: unknown) => void;
}) {
  // A page's filter state with no filters of its own: only the chart's pick is used.
  const filters = useMemo<PageFilterState>(
    () => ({
      selection: null,
      select: (selection: CrossSelection | null) => {
        const clause = selection?.clauses[0];
        if (clause && clause.op === 'eq') onPick?.(clause.value);
      },
      definitions: [],
      value: () => null,
      set: () => undefined,
      reset: () => undefined,
      atDefaults: true,
      options: () => ({ status: 'ready', options: [] }),
    }),
    [onPick],
  );
  const widget = useMemo(() => ({ id, type: 'chart', title, grid: { x: 0, y: 0, w: 12, h: 6 }, props: props as unknown as Record<string, unknown> }), [id, title, props]);
  const data = useMemo(() => ({ status: 'ready' as const, refreshing: false, result: { rows, columns } }), [rows, columns]);
  return (
    <div className="follow-chart" data-testid={`follow-chart-${id}`}>
      <ChartWidget widget={widget} props={props} data={data} filters={filters} fetchData={() => Promise.resolve({ rows: [], columns: [] })} />
    </div>
  );
}
