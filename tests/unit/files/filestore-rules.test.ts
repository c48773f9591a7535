import { describe, expect, it } from 'vitest';
import { requestedRange } from '../../../src/server/modules/filestore/byte-range.ts';
import { cleanFileName, quotaFull, tooLarge } from '../../../src/server/modules/filestore/upload.ts';
import { uniqueEntryNames, zipFileName } from '../../../src/server/modules/filestore/zip.ts';

describe('byte ranges of a download', () => {
  it('reads one range of each form, clamped to the file', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('sends the whole file for no range, other units, several ranges or nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=5-2', 'bytes=a-b']) {
      expect(requestedRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('refuses a range that starts past the end, and any range of an empty file', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe("sizes in the file store's refusals", () => {
  it('are written as the web app writes them (formatSize)', () => {
    expect(tooLarge(256 * 1024).message).toBe('file: larger than the limit of 256.00 KB');
    expect(tooLarge(100 * 1024 * 1024).message).toBe('file: larger than the limit of 100.00 MB');
    expect(quotaFull(10 * 1024 ** 3, 1.5 * 1024 ** 3).message).toBe(
      "file: your organisation's storage of 10.00 GB is full (1.50 GB used); delete files or ask for more room",
    );
  });
});

describe('names in the file store', () => {
  it('keeps only the last path segment, turns %22 back into a quote and drops control characters', () => {
    expect(cleanFileName('C:\\Users\\li\\现场 %22A%22.pdf')).toBe('现场 "A".pdf');
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('a\u0000b%0D%0A.txt')).toBe('ab.txt');
  });

  it('shortens a long name but keeps its extension', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('makes zip entry names unique, ignoring case, and names the zip', () => {
    expect(uniqueEntryNames(['plan.pdf', 'Plan.pdf', 'plan.pdf', 'notes', 'notes'])).toEqual(['plan.pdf', 'Plan (2).pdf', 'plan (3).pdf', 'notes', 'notes (2)']);
    expect(zipFileName(undefined)).toBe('download.zip');
    expect(zipFileName('Photos')).toBe('Photos.zip');
    expect(zipFileName('Photos.ZIP')).toBe('Photos.ZIP');
  });
});
