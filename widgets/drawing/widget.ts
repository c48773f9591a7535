import { FileImageOutlined } from '@ant-design/icons';
import { defineWidget } from '../types.ts';
import type { DrawingProps } from './drawing-props.ts';
import propsSchema from './props.schema.json';

/** A drawing sheet of the page's workspace with its published markups, read-only. */
export default defineWidget<DrawingProps>({
  propsSchema,
  component: () => import('./drawing-widget.tsx'),
  settings: () => import('./drawing-settings.tsx'),
  size: { w: 12, h: 12 },
  kinds: [{ key: 'drawing', group: 'other', icon: FileImageOutlined }],
  // A-101 is the sheet every demo workspace has; the settings name another.
  scaffold: () => ({ props: { sheetNumber: 'A-101', showMarkups: true } }),
});
