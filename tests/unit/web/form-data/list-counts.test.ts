// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../../src/web/i18n/i18n.ts';
import { fileBackend } from '../../../helpers/locales.ts';

/** The record list's counts: its total, the import report and the number of shown filters, in the singular too. */
describe('record list counts', () => {
  it('read right for one and for several in every language', async () => {
    const i18n = await createI18n({ lng: 'en', backend: fileBackend });
    const counts = (count: number) => ['list.total', 'list.import.imported', 'list.filter.chosen'].map((key) => i18n.t(key, { ns: 'forms', count }));

    expect(counts(1)).toEqual(['1 record', 'Imported 1 record', '1 filter']);
    expect(counts(3)).toEqual(['3 records', 'Imported 3 records', '3 filters']);
    await i18n.changeLanguage('zh-CN');
    expect(counts(1)).toEqual(['共 1 条', '已导入 1 条记录', '1 个筛选项']);
    await i18n.changeLanguage('ar');
    for (const count of [0, 1, 2, 3, 11, 100]) expect(counts(count)).toEqual([`عدد السجلات: ${count}`, `تم استيراد السجلات: ${count}`, `عدد عوامل التصفية: ${count}`]);
  });
});
