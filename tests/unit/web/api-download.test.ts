// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultDownloadName,
  downloadFileName,
  fileNameFromContentDisposition,
  OBJECT_URL_LIFETIME_MS,
  saveDownload,
} from '../../../src/web/api/download.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('file name from Content-Disposition (spec §8)', () => {
  it.each([
    ['attachment; filename="plans.zip"', 'plans.zip'],
    ['attachment; filename=plans.zip', 'plans.zip'],
    ['attachment;filename=plans.zip', 'plans.zip'],
    ['inline; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['attachment; filename="semi;colon.zip"; size=10', 'semi;colon.zip'],
    ["attachment; filename*=UTF-8''%E5%9B%BE%E7%BA%B8.zip", '图纸.zip'],
    ["attachment; filename*=utf-8'zh-CN'%E6%8A%A5%E8%A1%A8%20Q1.xlsx", '报表 Q1.xlsx'],
    ["attachment; filename=\"fallback.zip\"; filename*=UTF-8''%E5%9B%BE.zip", '图.zip'],
    ["attachment; filename*=UTF-8''%E5%9B%BE.zip; filename=\"fallback.zip\"", '图.zip'],
    ["attachment; filename*=ISO-8859-1''caf%E9.xlsx", 'café.xlsx'],
    ["attachment; filename*=KOI8-R''%F0.txt; filename=plain.txt", 'plain.txt'],
    ['attachment; FILENAME="upper.zip"', 'upper.zip'],
    ['attachment; filename=%E6%8A%A5%E8%A1%A8.xlsx', '报表.xlsx'], // percent-encoded plain name, as many servers send
    ['attachment; filename="100%.zip"', '100%.zip'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.zip"', 'x.zip'],
  ])('%s -> %s', (header, name) => expect(fileNameFromContentDisposition(header)).toBe(name));

  it.each([null, undefined, '', 'attachment', 'attachment; filename=""', 'attachment; filename="../"', 'inline; name="x.zip"'])(
    '%j names no file',
    (header) => expect(fileNameFromContentDisposition(header)).toBeNull(),
  );
});

describe('default name (spec §8: a zip archive or an xlsx file)', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'download.xlsx'],
    ['application/vnd.ms-excel', 'download.xlsx'],
    ['application/zip', 'download.zip'],
    ['application/x-zip-compressed', 'download.zip'],
    ['application/octet-stream', 'download.zip'],
    [null, 'download.zip'],
  ])('%s -> %s', (type, name) => expect(defaultDownloadName(type)).toBe(name));

  it('prefers the header, then the caller’s fallback, then the content type', () => {
    const spreadsheet = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const withName = new Headers({ 'content-disposition': 'attachment; filename=r.xlsx', 'content-type': spreadsheet });
    const withoutName = new Headers({ 'content-type': spreadsheet });
    expect(downloadFileName(withName, 'given.xlsx')).toBe('r.xlsx');
    expect(downloadFileName(withoutName, 'given.xlsx')).toBe('given.xlsx');
    expect(downloadFileName(withoutName, 'Site/Plan \u202egnp.xlsx')).toBe('Plan gnp.xlsx');
    expect(downloadFileName(withoutName, '\u202e')).toBe('download.xlsx');
    expect(downloadFileName(withoutName)).toBe('download.xlsx');
    expect(downloadFileName(null, undefined, spreadsheet)).toBe('download.xlsx');
    expect(downloadFileName(null)).toBe('download.zip');
  });
});

describe('saveDownload', () => {
  function watchDownload() {
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:https://plinth.example/123');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    return { clicks, create, revoke };
  }

  it('clicks a temporary download link to an object URL named from the header', () => {
    vi.useFakeTimers();
    const { clicks, create, revoke } = watchDownload();
    const blob = new Blob(['PK'], { type: 'application/zip' });
    const name = saveDownload({ blob, headers: new Headers({ 'content-disposition': "attachment; filename*=UTF-8''%E5%9B%BE.zip" }), status: 200 });
    expect(name).toBe('图.zip');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual([{ href: 'blob:https://plinth.example/123', download: '图.zip', attached: true }]);
    expect(document.querySelectorAll('a').length).toBe(0);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revoke).toHaveBeenCalledWith('blob:https://plinth.example/123');
  });

  it('takes a bare blob with separate headers and a fallback', () => {
    const { clicks } = watchDownload();
    const sheet = new Blob(['x'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(saveDownload(sheet)).toBe('download.xlsx');
    expect(saveDownload(new Blob(['x']), null, 'records.xlsx')).toBe('records.xlsx');
    expect(saveDownload(new Blob(['x']), new Headers({ 'content-disposition': 'attachment; filename=a.zip' }))).toBe('a.zip');
    expect(clicks.map((click) => click.download)).toEqual(['download.xlsx', 'records.xlsx', 'a.zip']);
  });
});
