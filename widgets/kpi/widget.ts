import { NumberOutlined } from '@ant-design/icons';
import { startingQuery } from '../starting-query.ts';
import { defineWidget } from '../types.ts';
import propsSchema from './props.schema.json';
import type { KpiProps } from './kpi-widget.tsx';

export default defineWidget<KpiProps>({
  propsSchema,
  component: () => import('./kpi-widget.tsx'),
  settings: () => import('./kpi-settings.tsx'),
  size: { w: 6, h: 4 },
  data: { query: 'groups', maxDimensions: 1 },
  kinds: [{ key: 'kpi', group: 'data', icon: NumberOutlined }],
  scaffold: ({ dataset }) => ({ props: {}, data: dataset && startingQuery('total', dataset) }),
});
