import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../src/core/entities.ts';
import { NOTICE_KINDS } from '../../../src/core/notices.ts';
import { createI18n, SUPPORTED_LANGUAGES } from '../../../src/web/i18n/i18n.ts';
import { noticeText } from '../../../src/web/shell/layout/notice-text.ts';
import { withLanguage } from '../../../src/web/ui/local-text-input.tsx';
import { fileBackend, readLocale } from '../../helpers/locales.ts';

const notification = (extra: Partial<Notification>): Notification => ({
  id: 1,
  notifyType: 'TASK',
  title: 'Approval needed: Site safety inspection SSI-0042',
  content: 'Alice Wang submitted it; it waits for you at "Site manager".',
  kind: null,
  params: null,
  read: false,
  createTime: '2026-11-27T10:00:00.000Z',
  link: '/table/edit/42',
  ...extra,
});

const task = notification({
  kind: 'approvalNeeded',
  params: { form: { en: 'Site safety inspection', 'zh-CN': '工地安全检查', ar: 'تفتيش سلامة الموقع' }, record: 'SSI-0042', node: 'Site manager', submitter: 'Alice Wang' },
});

const ts: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const { code } of SUPPORTED_LANGUAGES) ts[code] = (await createI18n({ lng: code, backend: fileBackend })).t;
});

describe('noticeText', () => {
  it('has a title and a content for every notice kind in every language (the keys are built at run time)', () => {
    for (const { code } of SUPPORTED_LANGUAGES) {
      const notices = (readLocale(code, 'layout') as { notices: Record<string, { title?: string; content?: string }> }).notices;
      for (const kind of NOTICE_KINDS) {
        expect(notices[kind]?.title, `${code}: ${kind}`).toBeTruthy();
        expect(notices[kind]?.content, `${code}: ${kind}`).toBeTruthy();
      }
      expect((notices.approvalNeeded as { contentWithNote?: string }).contentWithNote).toContain('{{comment}}');
    }
  });

  it('says a system notice in the reader\'s language, with the form\'s name in that language', () => {
    expect(noticeText(ts['zh-CN']!, 'zh-CN', task)).toEqual({ title: '待审批：工地安全检查 SSI-0042', content: 'Alice Wang 已提交，正在“Site manager”等待您处理。' });
    expect(noticeText(ts.ar!, 'ar', task).title).toBe('مطلوب اعتماد: تفتيش سلامة الموقع SSI-0042');
    expect(noticeText(ts.en!, 'en', task).title).toBe('Approval needed: Site safety inspection SSI-0042');
  });

  it('adds the comment where there is one, and names an unknown approver', () => {
    const noted = { ...task, params: { ...task.params!, comment: 'Urgent' } };
    expect(noticeText(ts.en!, 'en', noted).content).toMatch(/Note: Urgent$/);
    const rejected = notification({ kind: 'rejected', params: { form: 'RFI', record: '#7', node: 'Design', comment: 'Unclear' } });
    expect(noticeText(ts['zh-CN']!, 'zh-CN', rejected).content).toBe('审批人 在“Design”驳回：Unclear');
  });

  it('shows a notification stored before kinds as it was stored', () => {
    const old = notification({});
    expect(noticeText(ts.ar!, 'ar', old)).toEqual({ title: old.title, content: old.content });
  });
});

describe('withLanguage: filling a text in another language', () => {
  it('keeps a plain text as the language it was typed in once a second language is added', () => {
    expect(withLanguage('Budget', 'zh-CN', '预算', 'en')).toEqual({ en: 'Budget', 'zh-CN': '预算' });
  });

  it('drops a language emptied, and an empty text is the empty string', () => {
    expect(withLanguage({ en: 'Budget', ar: 'الميزانية' }, 'ar', '', 'en')).toEqual({ en: 'Budget' });
    expect(withLanguage({ en: 'Budget' }, 'en', '', 'en')).toBe('');
  });
});
