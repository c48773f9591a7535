import type { FormDesign } from '../../src/core/forms/form-design.ts';

/** A form holding files at the top (images, attachments) and inside sub-table rows. */
export const ATTACHMENT_FORM_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'photos', type: 'image', label: 'Photos' },
    { key: 'docs', type: 'attachment', label: 'Documents' },
    {
      key: 'items',
      type: 'subtable',
      label: 'Items',
      fields: [
        { key: 'name', type: 'text', label: 'Item' },
        { key: 'receipt', type: 'attachment', label: 'Receipt' },
      ],
    },
  ],
};
