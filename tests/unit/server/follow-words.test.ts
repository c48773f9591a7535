import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar/follows.json';
import en from '../../../locales/en/follows.json';
import zhCN from '../../../locales/zh-CN/follows.json';
import { FOLLOW_PRIORITIES, FOLLOW_STATUSES } from '../../../src/core/contracts/follows.ts';
import { priorityWord, statusWord } from '../../../src/server/modules/follow/follow-words.ts';
import { loadPdfFonts } from '../../../src/server/pdf/pdf-fonts.ts';
import { renderFollowReport } from '../../../src/server/modules/follow/report/report-pdf.ts';
import { pagesText } from '../../helpers/pdf-text.ts';

describe('status and priority words of the export and the report', () => {
  it('are the screens’ words in English, Chinese and Arabic, each language its own', () => {
    for (const [lng, locale] of [['en', en], ['zh-CN', zhCN], ['ar', ar]] as const) {
      for (const status of FOLLOW_STATUSES) expect(statusWord(status, lng)).toBe(locale.status[status]);
      for (const priority of FOLLOW_PRIORITIES) expect(priorityWord(priority, lng)).toBe(locale.priority[priority]);
    }
    for (const priority of FOLLOW_PRIORITIES) {
      expect(new Set(['en', 'zh-CN', 'ar'].map((lng) => priorityWord(priority, lng))).size).toBe(3);
    }
    // A language Plinth does not ship reads English; a regional tag reads its language.
    expect(priorityWord('critical', 'fr')).toBe('Critical');
    expect(statusWord('readyForReview', 'zh-TW')).toBe(zhCN.status.readyForReview);
  });

  it('are what the PDF report prints', async () => {
    const entry = {
      number: 'PI-0001',
      title: 'Crack in slab',
      status: 'readyForReview' as const,
      priority: 'critical' as const,
      typeName: 'Punch item',
      typeColor: '#d4380d',
      assignees: [],
      reviewer: null,
      dueDate: null,
      trade: null,
      location: null,
      sheet: null,
      createdBy: 'Ana Silva',
      createTime: '2026-11-20T08:30:00Z',
      description: '',
      snippet: null,
      photos: [],
      morePhotos: 0,
    };
    const input = { heading: 'Tower A', generatedAt: new Date('2026-11-27T10:00:00Z'), entries: [entry] };
    const zh = await pagesText(await renderFollowReport({ ...input, language: 'zh-CN' }, loadPdfFonts()));
    expect(zh[1]).toContain(`优先级 ${zhCN.priority.critical}`);
    expect(zh[1]).toContain(zhCN.status.readyForReview);
    const english = await pagesText(await renderFollowReport({ ...input, language: 'en' }, loadPdfFonts()));
    expect(english[1]).toContain(`Priority ${en.priority.critical}`);
  });
});
