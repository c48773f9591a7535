import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { ImportResult, RecordPage } from '../../../src/core/contracts/record.ts';
import { fileNameFromContentDisposition } from '../../../src/web/api/download.ts';
import { API, inviteAndSignIn, ok, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { EVERY_TYPE_DESIGN, GOOD_RECORD, createRecord, grantPoints, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(testDialects())('record export and import on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let aliceId: number;
  let form: FormDetail;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    aliceId = await userIdOf(t, admin, 'alice');
    form = await publishedForm(t, admin, '维修 Requests', EVERY_TYPE_DESIGN, { numbering: { rule: 'RQ-{####}' }, titleField: 'subject' });
    const good = { ...GOOD_RECORD, owner: aliceId, watchers: [aliceId] };
    await createRecord(t, admin, form.id, good);
    await createRecord(t, admin, form.id, { ...good, subject: 'Second', kind: 'a', tags: ['green'], items: [], urgent: true, reason: 'Flooding' });
    await createRecord(t, admin, form.id, { subject: 'Bare minimum', kind: 'c' });
  });
  afterAll(() => t.close());

  async function exportFile(token: string, body: Record<string, unknown>) {
    const response = await fetch(`${t.url}/api/proptech_allplan/record/export`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ formId: form.id, ...body }),
    });
    return { response, buffer: Buffer.from(await response.arrayBuffer()) };
  }

  async function importFile(token: string, file: Buffer | Blob | null, fields: Record<string, string>) {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    if (file) data.append('file', file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type: XLSX }), 'records.xlsx');
    const response = await fetch(`${t.url}/api/proptech_allplan/flowFile/field/import`, { method: 'POST', headers: { token }, body: data });
    return { status: response.status, body: (await response.json()) as { success: boolean; message: string; data: ImportResult } };
  }

  const readBook = async (buffer: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    return book;
  };
  const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

  it('exports the filtered rows as .xlsx: labels as headers, values as people read them', async () => {
    const { response, buffer } = await exportFile(admin, { filters: [{ field: 'kind', op: 'in', value: ['a', 'b'] }], sort: [{ field: 'subject', order: 'asc' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(fileNameFromContentDisposition(response.headers.get('content-disposition'))).toBe('维修 Requests-20261122.xlsx');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="__ Requests-20261122\.xlsx"; filename\*=UTF-8''/);

    const book = await readBook(buffer);
    const main = book.worksheets[0]!;
    expect(main.name).toBe('维修 Requests');
    const headers = rowValues(main, 1);
    expect(headers.slice(0, 4)).toEqual(['Number', 'Subject', 'Notes', 'Quantity']);
    expect(headers.slice(-3)).toEqual(['Status', 'Created by', 'Created at']);
    expect(main.actualRowCount).toBe(3);
    const column = (label: string) => headers.indexOf(label) + 1;
    const first = main.getRow(2);
    expect(first.getCell(column('Subject')).value).toBe('Leaking pipe');
    expect(first.getCell(column('Number')).value).toBe('RQ-0001');
    expect(first.getCell(column('Kind')).value).toBe('Beta');
    expect(first.getCell(column('Tags')).value).toBe('Red, Blue');
    expect(first.getCell(column('Place')).value).toBe('广东省 / 深圳市 / 南山区');
    expect(first.getCell(column('Owner')).value).toBe('Alice Chen');
    expect(first.getCell(column('Urgent')).value).toBe(false);
    expect(first.getCell(column('Day')).value).toEqual(new Date('2026-11-20T00:00:00.000Z'));
    expect(first.getCell(column('At')).value).toEqual(new Date('2026-11-20T09:30:00.000Z'));
    expect(first.getCell(column('Price')).value).toBe(308941.85);
    expect(first.getCell(column('Price')).numFmt).toBe('0.00');
    expect(first.getCell(column('Items')).value).toBe(2);
    expect(first.getCell(column('Status')).value).toBe('Saved');
    expect(first.getCell(column('Created by')).value).toBe('Ada Admin');

    const items = book.getWorksheet('Items')!;
    expect(rowValues(items, 1)).toEqual(['Record row', 'Item', 'Count', 'Cost', 'Amount']);
    expect(rowValues(items, 2)).toEqual([2, 'Washer', 2, 1.5, 3]);
    expect(rowValues(items, 3)).toEqual([2, 'Labour', 1, 80, 80]);
    expect(items.actualRowCount).toBe(3);

    const chosen = await readBook((await exportFile(admin, { columns: ['subject', 'number', 'createdBy'] })).buffer);
    expect(rowValues(chosen.worksheets[0]!, 1)).toEqual(['Subject', 'Number', 'Created by']);
    expect(chosen.worksheets).toHaveLength(1);
  });

  it('imports an exported file again: every row back, numbered anew', async () => {
    const { buffer } = await exportFile(admin, {});
    const before = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, pageSize: 100, sort: [{ field: 'number', order: 'asc' }] });
    const result = await importFile(admin, buffer, { formId: String(form.id) });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ imported: 3, failed: [] });
    const after = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, pageSize: 100, sort: [{ field: 'number', order: 'asc' }] });
    expect(after.total).toBe(6);
    const copies = after.list.slice(3);
    expect(copies.map((r) => r.number)).toEqual(['RQ-0004', 'RQ-0005', 'RQ-0006']);
    // Export lists newest first, so the copies come back in reverse order of creation.
    const originals = [...before.list].reverse();
    copies.forEach((copy, i) => {
      // Files are not in a sheet; everything else comes back as it was.
      expect(copy.data).toEqual(originals[i]!.data);
      expect(copy.title).toBe(originals[i]!.title);
    });
  });

  it('reports each bad row with its reasons and imports the good ones', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['Subject', 'Mobile', 'Kind', 'Day', 'Place', 'Owner', 'Tags', 'Urgent', 'Reason', 'Quantity', 'Unknown column']);
    sheet.addRow(['Good one', '13800000009', 'Alpha', new Date('2026-02-03T00:00:00Z'), '广东 / 深圳 / 南山区', 'alice', 'Red; Green', 'yes', 'Because', 3, 'ignored']);
    sheet.addRow(['Bad phone', '12345', 'Alpha']);
    sheet.addRow(['Bad choice and date', '', 'Omega', '2026-02-30']);
    sheet.addRow(['', '', '', '', 'Atlantis', 'nobody']);
    sheet.addRow([]);
    sheet.addRow(['Good two', '', 'gamma', '2026/3/4', '440305', 'Alice Chen', '', 'no', '', '7']);
    sheet.addRow(['Needs reason', '', '', '', '', '', '', '是', '', 'many']);
    const items = book.addWorksheet('Items');
    items.addRow(['Record row', 'Item', 'Count', 'Cost']);
    items.addRow([2, 'Valve', 2, 12.5]);
    items.addRow([7, '', 1, 1]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    const before = (await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id })).total;
    const result = await importFile(admin, buffer, { formId: String(form.id) });
    expect(result.status).toBe(200);
    const { imported, failed } = result.body.data;
    expect(imported).toBe(1);
    const byRow = (row: number) => failed.filter((f) => f.row === row).map((f) => f.field).sort();
    expect(byRow(1)).toEqual(['Unknown column']);
    expect(byRow(3)).toEqual(['phone']);
    expect(byRow(4)).toEqual(['day', 'kind']);
    expect(byRow(5)).toEqual(['owner', 'place', 'subject']);
    expect(byRow(7)).toEqual(['items[0].name']);
    expect(byRow(8)).toEqual(['qty', 'reason']);
    expect(failed.find((f) => f.row === 4 && f.field === 'kind')!.message).toMatch(/"Omega" is not one of: Alpha, Beta, Gamma/);
    expect(failed.find((f) => f.row === 5 && f.field === 'owner')!.message).toMatch(/no one here is called "nobody"/);

    const after = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, filters: [{ field: 'subject', op: 'eq', value: 'Good one' }] });
    expect(after.total).toBe(1);
    expect(after.list[0]!.data).toEqual({
      subject: 'Good one',
      phone: '13800000009',
      kind: 'a',
      day: '2026-02-03',
      place: { province: '440000', city: '440300', district: '440305' },
      owner: aliceId,
      tags: ['red', 'green'],
      urgent: true,
      reason: 'Because',
      qty: 3,
      items: [{ name: 'Valve', n: 2, cost: 12.5, amount: 25 }],
      total: 25,
    });
    expect((await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id })).total).toBe(before + 1);
  });

  it('reports a row that fails the form\'s rules, not just its cells', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['subject', 'urgent', 'qty']);
    sheet.addRow(['Urgent, no reason', true, 2]);
    sheet.addRow(['x', false, 2]);
    const result = await importFile(admin, Buffer.from(await book.xlsx.writeBuffer()), { formId: String(form.id) });
    expect(result.body.data.imported).toBe(0);
    expect(result.body.data.failed.map((f) => [f.row, f.field])).toEqual([
      [2, 'reason'],
      [3, 'subject'],
    ]);
  });

  it('refuses what is no import', async () => {
    expect((await importFile(admin, Buffer.from('not a workbook'), { formId: String(form.id) })).body.message).toBe('file: is not an .xlsx workbook');
    expect((await importFile(admin, null, { formId: String(form.id) })).body.message).toBe('file: is required');
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Sheet1').addRow(['Nothing we know']);
    const unknown = await importFile(admin, Buffer.from(await empty.xlsx.writeBuffer()), { formId: String(form.id) });
    expect(unknown.body.message).toMatch(/^file: the first row of "Sheet1" names no field of the form/);
    expect((await importFile(admin, Buffer.from('x'), {})).body.message).toMatch(/^formId:/);
    const huge = await importFile(admin, Buffer.alloc(11 * 1024 * 1024), { formId: String(form.id) });
    expect(huge.status).toBe(413);
    const json = await t.call('POST', `${API}/flowFile/field/import`, { token: admin, body: { formId: form.id } });
    expect(json.status).toBe(400);
  });

  it('keeps export and import to holders of their points, in the form\'s tenant', async () => {
    const workspace = await workspaceByCode(t, admin, 'NW-HQ');
    const probe = await inviteAndSignIn(t, admin, { username: 'excelprobe', workspaceIds: [workspace.id] });
    await grantPoints(t, admin, await userIdOf(t, admin, 'excelprobe'), ['record:create']);
    const { buffer } = await exportFile(admin, {});
    expect((await exportFile(probe.token, {})).response.status).toBe(403);
    expect((await importFile(probe.token, buffer, { formId: String(form.id) })).status).toBe(403);
    const harbor = await t.signIn('harbor', HARBOR);
    expect((await exportFile(harbor, {})).response.status).toBe(404);
    expect((await importFile(harbor, buffer, { formId: String(form.id) })).status).toBe(404);
  });
});
