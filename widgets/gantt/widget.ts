import { ProjectOutlined } from '@ant-design/icons';
import { defineWidget } from '../types.ts';
import type { GanttProps } from './gantt-props.ts';
import propsSchema from './props.schema.json';

/** A schedule of the page's workspace, or one WBS branch of it, as a read-only gantt chart. */
export default defineWidget<GanttProps>({
  propsSchema,
  component: () => import('./gantt-widget.tsx'),
  settings: () => import('./gantt-settings.tsx'),
  size: { w: 24, h: 12 },
  kinds: [{ key: 'gantt', group: 'other', icon: ProjectOutlined }],
  // The settings pick the schedule: ids differ between workspaces.
  scaffold: () => ({ props: { showCritical: true } }),
});
