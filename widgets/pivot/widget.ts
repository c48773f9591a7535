import { BoxPlotOutlined } from '@ant-design/icons';
import { startingQuery } from '../starting-query.ts';
import { defineWidget } from '../types.ts';
import propsSchema from './props.schema.json';
import type { PivotProps } from './pivot-model.ts';

export default defineWidget<PivotProps>({
  propsSchema,
  component: () => import('./pivot-widget.tsx'),
  settings: () => import('./pivot-settings.tsx'),
  size: { w: 12, h: 8 },
  data: { query: 'groups', maxDimensions: 4 },
  kinds: [{ key: 'pivot', group: 'data', icon: BoxPlotOutlined }],
  scaffold: ({ dataset }) => ({ props: {}, data: dataset && startingQuery('cross', dataset) }),
});
