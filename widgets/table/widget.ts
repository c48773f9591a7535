import { TableOutlined } from '@ant-design/icons';
import { startingQuery } from '../starting-query.ts';
import { defineWidget } from '../types.ts';
import propsSchema from './props.schema.json';
import type { TableProps } from './table-widget.tsx';

export default defineWidget<TableProps>({
  propsSchema,
  component: () => import('./table-widget.tsx'),
  settings: () => import('./table-settings.tsx'),
  // A table's columns need the plate's whole width to be read.
  size: { w: 24, h: 8 },
  data: { query: 'rows' },
  kinds: [{ key: 'table', group: 'data', icon: TableOutlined }],
  scaffold: ({ dataset }) => ({ props: {}, data: dataset && startingQuery('rows', dataset) }),
});
