import { defineWidget } from '../types.ts';
import propsSchema from './props.schema.json';
import type { VideoProps } from './video-props.ts';

/** Written into page configs; the plate palette does not offer it. */
export default defineWidget<VideoProps>({
  propsSchema,
  component: () => import('./video-widget.tsx'),
  size: { w: 12, h: 10 },
});
