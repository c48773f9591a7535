import fs from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_PREFIX, type ScheduleDetail, type ScheduleImported } from '../../../src/core/contracts/schedules.ts';
import { pageSize, splitPages } from '../../../src/server/modules/schedule/print/print-layout.ts';
import { pictureFit } from '../../../src/server/modules/schedule/print/print-png.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient, taskOf } from './schedule-client.ts';
import { pagesText } from '../../helpers/pdf-text.ts';

const FILE = fs.readFileSync('tests/fixtures/schedules/ms-project-2016.xml', 'utf8');

/** A schedule printed as a PDF of pages or one PNG, the whole of it or the tasks crossing a range, in three scripts. */
describe.each(testDialects())('schedule print on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof scheduleClient>;
  let alice: string;
  let detail: ScheduleDetail;
  const print = async (format: 'pdf' | 'png', body: Record<string, unknown>) => {
    const response = await fetch(new URL(`/api${SCHEDULE_PREFIX}/export/${format}`, t.url), {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ id: detail.id, ...body }),
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = scheduleClient(t);
    alice = await t.signIn('alice', NORTHWIND);
    const imported = await api.ok<ScheduleImported>('POST', 'import/mspdi', alice, { workspaceCode: 'NW-TOWER', name: 'Warehouse', xml: FILE });
    const loaded = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: imported.summary.id });
    // Names in Chinese and Arabic at the end, to be drawn in their own fonts and direction.
    const changes = [taskOf(9001, '钢结构安装'), taskOf(9002, 'أعمال الحفر والأساسات')].map((task, i) => ({ op: 'taskInsert', index: loaded.model.tasks.length + i, task }));
    await api.ok('POST', 'save', alice, { id: loaded.id, baseRevision: loaded.revision, changes });
    detail = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: loaded.id });
  });
  afterAll(() => t.close());

  it('prints every task over the pages a paper needs, the names in the PDF’s text', async () => {
    for (const [paper, orientation] of [
      ['A4', 'portrait'],
      ['A3', 'landscape'],
    ] as const) {
      const { response, bytes } = await print('pdf', { paper, orientation });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain('Warehouse.pdf');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(splitPages(detail.model.tasks.length, pageSize(paper, orientation)).length);
      const text = (await pagesText(bytes, ' ')).join(' ');
      // A narrow page cuts long names with an ellipsis; a wide one has room for them whole.
      expect(text).toContain(paper === 'A3' ? 'Site cabins and welfare' : 'Site set-up');
      expect(text).toContain('钢结构安装');
    }
  });

  it('keeps only the tasks crossing a date range', async () => {
    const work = detail.scheduled.filter((s) => !s.summary);
    const inside = work[0]!;
    const later = work.find((s) => s.start > inside.finish + 14 * 1440)!;
    const day = (time: number) => new Date(time * 60000).toISOString().slice(0, 10);
    const { response, bytes } = await print('pdf', { from: day(inside.start), to: day(inside.finish) });
    expect(response.status).toBe(200);
    const text = (await pagesText(bytes, ' ')).join(' ');
    const nameOf = (id: number) => detail.model.tasks.find((task) => task.id === id)!.name;
    expect(text).toContain(nameOf(inside.id));
    expect(text).not.toContain(nameOf(later.id));
  });

  it('refuses a range that ends before it starts', async () => {
    const { response, bytes } = await print('pdf', { from: '2027-03-10', to: '2027-03-01' });
    expect(response.status).toBe(400);
    expect((JSON.parse(Buffer.from(bytes).toString()) as { data: { problem: string } }).data.problem).toBe('badRange');
  });

  it('draws one PNG of the paper’s width holding every row', async () => {
    const { response, bytes } = await print('png', { paper: 'A4', orientation: 'landscape' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const image = await loadImage(Buffer.from(bytes));
    const page = pageSize('A4', 'landscape');
    const fit = pictureFit(detail.model.tasks.length, page.width);
    expect(fit.rows).toBe(detail.model.tasks.length);
    expect(image.width).toBe(Math.round(page.width * fit.scale));
    expect(image.height).toBeGreaterThan(image.width / 2);
  });

  it('prints in Arabic and Chinese, with a baseline', async () => {
    const baselined = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: detail.id });
    for (const language of ['ar', 'zh-CN'] as const) {
      for (const format of ['pdf', 'png'] as const) {
        const { response, bytes } = await print(format, { language, baseline: 0, timeZone: 'Asia/Shanghai', paper: 'Tabloid' });
        expect(response.status, `${language} ${format}`).toBe(200);
        expect(bytes.length).toBeGreaterThan(1000);
      }
    }
    expect(baselined.id).toBe(detail.id);
  });
});
