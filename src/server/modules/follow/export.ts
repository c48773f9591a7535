import { PassThrough } from 'node:stream';
import { FOLLOW_EXPORT_MAX, type FollowExportBody, type FollowRow } from '../../../core/contracts/follows.ts';
import { textIn, type LocalTexts } from '../../../core/local-text.ts';
import { badRequest } from '../../errors.ts';
import type { FollowCaller, FollowWorkspace } from './context.ts';
import { priorityWord, statusWord } from './follow-words.ts';
import { filteredFollows, sortedFollows } from './list.ts';
import { presentRows } from './rows.ts';

const PAGE = 1000;

/** The columns of the export, headed in the reader's language. */
const COLUMNS: { header: LocalTexts; width: number; cell: (row: FollowRow, lng: string) => string | Date | null }[] = [
  { header: { en: 'Number', 'zh-CN': '编号', ar: 'الرقم' }, width: 14, cell: (r) => r.number },
  { header: { en: 'Type', 'zh-CN': '类型', ar: 'النوع' }, width: 18, cell: (r, lng) => textIn(r.typeName, lng) },
  { header: { en: 'Title', 'zh-CN': '标题', ar: 'العنوان' }, width: 40, cell: (r) => r.title },
  { header: { en: 'Status', 'zh-CN': '状态', ar: 'الحالة' }, width: 16, cell: (r, lng) => statusWord(r.status, lng) },
  { header: { en: 'Priority', 'zh-CN': '优先级', ar: 'الأولوية' }, width: 10, cell: (r, lng) => priorityWord(r.priority, lng) },
  { header: { en: 'Assignees', 'zh-CN': '负责人', ar: 'المكلفون' }, width: 24, cell: (r) => r.assignees.map((a) => a.name).join(', ') },
  { header: { en: 'Reviewer', 'zh-CN': '审核人', ar: 'المراجع' }, width: 16, cell: (r) => r.reviewer?.name ?? '' },
  { header: { en: 'Due date', 'zh-CN': '到期日', ar: 'تاريخ الاستحقاق' }, width: 12, cell: (r) => r.dueDate },
  { header: { en: 'Trade', 'zh-CN': '专业', ar: 'الحرفة' }, width: 16, cell: (r) => r.trade },
  { header: { en: 'Location', 'zh-CN': '位置', ar: 'الموقع' }, width: 20, cell: (r) => r.location },
  { header: { en: 'Sheet', 'zh-CN': '图纸', ar: 'اللوحة' }, width: 24, cell: (r) => (r.pin ? `${r.pin.sheetNumber} ${r.pin.sheetTitle}`.trim() : '') },
  { header: { en: 'Created by', 'zh-CN': '创建人', ar: 'أنشأه' }, width: 16, cell: (r) => r.createdBy.name },
  { header: { en: 'Created', 'zh-CN': '创建时间', ar: 'تاريخ الإنشاء' }, width: 20, cell: (r) => new Date(r.createTime) },
  { header: { en: 'Closed', 'zh-CN': '关闭时间', ar: 'تاريخ الإغلاق' }, width: 20, cell: (r) => (r.closedTime ? new Date(r.closedTime) : null) },
];

/** The follow-ups the filters leave, in the list's order, as an xlsx streamed while it is written. */
export async function exportFollows(caller: FollowCaller, workspace: FollowWorkspace, body: FollowExportBody): Promise<{ fileName: string; stream: PassThrough }> {
  const query = filteredFollows(caller, workspace, body);
  const { n } = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) > FOLLOW_EXPORT_MAX) throw badRequest('', `${n} follow-ups match; an export takes at most ${FOLLOW_EXPORT_MAX}, so narrow the filters`);
  const lng = body.language ?? 'en';
  const stream = new PassThrough();
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(textIn({ en: 'Follow-ups', 'zh-CN': '跟进', ar: 'المتابعات' }, lng), { views: [{ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' }] });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));
  const header = sheet.addRow(COLUMNS.map((c) => textIn(c.header, lng)));
  header.font = { bold: true };
  header.commit();
  const write = async () => {
    for (let offset = 0; ; offset += PAGE) {
      const rows = await sortedFollows(query, body.sort, body.order).limit(PAGE).offset(offset).execute();
      for (const row of await presentRows(caller, workspace.code, rows)) {
        const line = sheet.addRow(COLUMNS.map((c) => c.cell(row, lng)));
        line.getCell(13).numFmt = 'yyyy-mm-dd hh:mm';
        line.getCell(14).numFmt = 'yyyy-mm-dd hh:mm';
        line.commit();
      }
      if (rows.length < PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  const day = new Date(caller.now()).toISOString().slice(0, 10);
  return { fileName: `follow-ups-${workspace.code}-${day}.xlsx`, stream };
}
