import { FilterOutlined } from '@ant-design/icons';
import { defineWidget } from '../types.ts';
import type { FilterBarProps } from './filter-bar-widget.tsx';
import propsSchema from './props.schema.json';

/** The palette's "filter controls": its settings are the plate's filters, in a tab of their own. */
export default defineWidget<FilterBarProps>({
  propsSchema,
  component: () => import('./filter-bar-widget.tsx'),
  settings: () => import('./filter-bar-settings.tsx'),
  settingsTab: 'plates.settings.plateFilters',
  size: { w: 24, h: 2 },
  titled: false,
  kinds: [{ key: 'filters', group: 'other', icon: FilterOutlined }],
});
