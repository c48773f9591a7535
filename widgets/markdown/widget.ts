import { FontSizeOutlined } from '@ant-design/icons';
import { defineWidget } from '../types.ts';
import type { MarkdownProps } from './markdown-widget.tsx';
import propsSchema from './props.schema.json';

/** The palette's "text": it starts with its own name as its words. */
export default defineWidget<MarkdownProps>({
  propsSchema,
  component: () => import('./markdown-widget.tsx'),
  settings: () => import('./markdown-settings.tsx'),
  size: { w: 8, h: 4 },
  titled: false,
  kinds: [{ key: 'text', group: 'other', icon: FontSizeOutlined }],
  scaffold: ({ title }) => ({ props: { content: title } }),
});
