import { defineWidget } from '../types.ts';
import type { IframeProps } from './iframe-widget.tsx';
import propsSchema from './props.schema.json';

/** Written into page configs; the plate palette does not offer it. */
export default defineWidget<IframeProps>({
  propsSchema,
  component: () => import('./iframe-widget.tsx'),
  size: { w: 12, h: 10 },
});
