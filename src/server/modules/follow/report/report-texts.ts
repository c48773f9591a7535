/**
 * What a follow-up report says around its data, in the reader's language (the browser sends
 * its language with the request). The server renders this document itself, so its words live
 * here rather than in the browser's locale files; names, numbers and dates come from the data.
 * Status and priority words are the screens' own (follow-words.ts).
 */

export const REPORT_LANGUAGES = ['en', 'zh-CN', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export interface ReportWords {
  title: string;
  generated: (when: string, count: number) => string;
  page: (n: number, of: number) => string;
  status: string;
  type: string;
  priority: string;
  assignees: string;
  reviewer: string;
  due: string;
  trade: string;
  location: string;
  sheet: string;
  created: string;
  description: string;
  photos: string;
  morePhotos: (count: number) => string;
  none: string;
  noDescription: string;
}

export const REPORT_WORDS: Record<ReportLanguage, ReportWords> = {
  en: {
    title: 'Follow-up report',
    generated: (when, count) => `${count} follow-up${count === 1 ? '' : 's'} · made ${when}`,
    page: (n, of) => `Page ${n} of ${of}`,
    status: 'Status',
    type: 'Type',
    priority: 'Priority',
    assignees: 'Assignees',
    reviewer: 'Reviewer',
    due: 'Due',
    trade: 'Trade',
    location: 'Location',
    sheet: 'Sheet',
    created: 'Created',
    description: 'Description',
    photos: 'Photos',
    morePhotos: (count) => `${count} more photo${count === 1 ? '' : 's'} in Plinth`,
    none: '—',
    noDescription: 'No description.',
  },
  'zh-CN': {
    title: '跟进事项报告',
    generated: (when, count) => `共 ${count} 项 · 生成于 ${when}`,
    page: (n, of) => `第 ${n} 页，共 ${of} 页`,
    status: '状态',
    type: '类型',
    priority: '优先级',
    assignees: '负责人',
    reviewer: '审核人',
    due: '截止日期',
    trade: '专业',
    location: '位置',
    sheet: '图纸',
    created: '创建',
    description: '描述',
    photos: '照片',
    morePhotos: (count) => `另有 ${count} 张照片，请在 Plinth 中查看`,
    none: '—',
    noDescription: '无描述。',
  },
  ar: {
    title: 'تقرير المتابعات',
    generated: (when, count) => `عدد المتابعات: ${count} · أُعدّ في ${when}`,
    page: (n, of) => `الصفحة ${n} من ${of}`,
    status: 'الحالة',
    type: 'النوع',
    priority: 'الأولوية',
    assignees: 'المكلفون',
    reviewer: 'المراجع',
    due: 'تاريخ الاستحقاق',
    trade: 'التخصص',
    location: 'الموقع',
    sheet: 'اللوحة',
    created: 'أُنشئت',
    description: 'الوصف',
    photos: 'الصور',
    morePhotos: (count) => `${count} صور أخرى في Plinth`,
    none: '—',
    noDescription: 'لا يوجد وصف.',
  },
};

/** Dates as the reader's language writes them (a `YYYY-MM-DD` day stays that day in any zone). */
export function reportDate(value: string, language: ReportLanguage, withTime = false, timeZone = 'UTC'): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const format = (zone: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(withTime && !day ? { timeStyle: 'short' } : {}), timeZone: day ? 'UTC' : zone }).format(date);
  try {
    return format(timeZone);
  } catch {
    // A time zone this server's ICU does not know: UTC, rather than no report.
    return format('UTC');
  }
}
