import { PictureOutlined } from '@ant-design/icons';
import { defineWidget } from '../types.ts';
import type { ImageProps } from './image-widget.tsx';
import propsSchema from './props.schema.json';

/** Where a new picture starts: a framed picture sign, until one is chosen. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80"><rect width="120" height="80" rx="6" fill="#f0f2f5"/>' +
      '<path d="M20 62l24-28 18 20 12-12 26 20z" fill="#bfc7d5"/><circle cx="84" cy="24" r="8" fill="#bfc7d5"/></svg>',
  );

export default defineWidget<ImageProps>({
  propsSchema,
  component: () => import('./image-widget.tsx'),
  settings: () => import('./image-settings.tsx'),
  size: { w: 6, h: 6 },
  titled: false,
  kinds: [{ key: 'image', group: 'other', icon: PictureOutlined }],
  scaffold: ({ title }) => ({ props: { src: PLACEHOLDER_IMAGE, alt: title, fit: 'contain' } }),
});
