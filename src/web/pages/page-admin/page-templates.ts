import { PAGE_CONFIG_VERSION } from '../../../core/config-versions/page-config-versions.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';

/** The starting points a new page may take; the config texts come in the author's language. */
export const PAGE_TEMPLATES = ['blank', 'dashboard'] as const;
export type PageTemplateName = (typeof PAGE_TEMPLATES)[number];

export interface PageTemplateTexts {
  title: string;
  intro: string;
  kpi: string;
  chart: string;
  table: string;
}

const OPEN_ORDERS = { field: 'status', op: 'ne', value: 'closed' } as const;

/** A starter config: `blank` is a title and a text cell; `dashboard` a KPI, a chart and a table over the demo work orders. */
export function pageTemplate(name: PageTemplateName, texts: PageTemplateTexts): PageConfig {
  if (name === 'blank') {
    return {
      version: PAGE_CONFIG_VERSION,
      title: texts.title,
      widgets: [{ id: 'intro', type: 'markdown', grid: { x: 0, y: 0, w: 24, h: 3 }, props: { content: texts.intro } }],
    };
  }
  return {
    version: PAGE_CONFIG_VERSION,
    title: texts.title,
    widgets: [
      {
        id: 'openOrders',
        type: 'kpi',
        title: texts.kpi,
        grid: { x: 0, y: 0, w: 8, h: 4 },
        props: { format: { compact: true } },
        data: { dataset: 'work_orders', measures: [{ agg: 'count' }], filters: [OPEN_ORDERS] },
      },
      {
        id: 'byCategory',
        type: 'chart',
        title: texts.chart,
        grid: { x: 8, y: 0, w: 16, h: 8 },
        props: { kind: 'bar', x: 'category', series: [{ field: 'count' }] },
        data: { dataset: 'work_orders', dimensions: ['category'], measures: [{ agg: 'count' }], filters: [OPEN_ORDERS], sort: [{ field: 'count', order: 'desc' }] },
      },
      {
        id: 'latest',
        type: 'table',
        title: texts.table,
        grid: { x: 0, y: 8, w: 24, h: 10 },
        props: {
          columns: [
            { field: 'no', title: 'No.' },
            { field: 'created', type: 'datetime' },
            { field: 'building' },
            { field: 'category' },
            { field: 'status', type: 'tag' },
            { field: 'cost', type: 'number', format: { currency: 'CNY' } },
          ],
        },
        data: { dataset: 'work_orders', sort: [{ field: 'created', order: 'desc' }], pageSize: 50 },
      },
    ],
  };
}

/** A config as the editor shows it: two-space JSON. */
export const configText = (config: unknown): string => `${JSON.stringify(config, null, 2)}\n`;
