import { FormOutlined } from '@ant-design/icons';
import { formIdOfCode } from '../../src/core/query/form-dataset.ts';
import { defineWidget } from '../types.ts';
import type { FormWidgetProps } from './form-widget.tsx';
import propsSchema from './props.schema.json';

/** A published form on a page or plate: filled in, or its records listed. It starts on the plate's form, if it has one. */
export default defineWidget<FormWidgetProps>({
  propsSchema,
  component: () => import('./form-widget.tsx'),
  settings: () => import('./form-settings.tsx'),
  size: { w: 12, h: 12 },
  kinds: [{ key: 'form', group: 'data', icon: FormOutlined }],
  scaffold: ({ dataset }) => {
    const form = dataset ? formIdOfCode(dataset.code) : null;
    return { props: form === null ? {} : { form } };
  },
});
