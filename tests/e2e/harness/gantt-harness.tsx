/**
 * The gantt chart alone on a page, on generated schedules, for the browser test and the
 * benchmark: `?lang=ar&tasks=10000`. Exposes the store and the drawn chart as `window.gantt`.
 */
import { ConfigProvider } from 'antd';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { GanttChart, type GanttHandle } from '../../../src/web/gantt/gantt-chart.tsx';
import { GanttStore } from '../../../src/web/gantt/gantt-store.ts';
import { GanttToolbar } from '../../../src/web/gantt/gantt-toolbar.tsx';
import { createI18n, directionOf, type SupportedLanguage } from '../../../src/web/i18n/i18n.ts';
import { demoSchedule, generatedSchedule } from '../../helpers/gantt-demo.ts';

export interface GanttHarness {
  store: GanttStore;
  handle: GanttHandle | null;
  edited: number[];
  openedAt: number;
}

declare global {
  interface Window {
    gantt: GanttHarness;
  }
}

const params = new URLSearchParams(location.search);
const lng = (params.get('lang') ?? 'en') as SupportedLanguage;
const size = Number(params.get('tasks') ?? 0);
const i18n = await createI18n({ lng });
const { model, result } = size > 0 ? generatedSchedule(size) : demoSchedule();
// Opening starts once the schedule is in hand, as it is when the server's answer arrives.
const openedAt = performance.now();
const store = new GanttStore(model, result, { rtl: directionOf(lng) === 'rtl' });
if (params.get('baseline') === '0') store.setBaseline(0);
window.gantt = { store, handle: null, edited: [], openedAt };

createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <ConfigProvider direction={directionOf(lng)}>
      <div className="harness">
        <GanttToolbar store={store} />
        <div className="harness-chart">
          <GanttChart store={store} onEdit={(taskId) => window.gantt.edited.push(taskId)} onReady={(handle) => (window.gantt.handle = handle)} />
        </div>
      </div>
    </ConfigProvider>
  </I18nextProvider>,
);
