import { describe, expect, it } from 'vitest';
import { rowsToCsv } from '../../src/core/csv.ts';
import { exportFileName } from '../../src/core/file-names.ts';

describe('rowsToCsv', () => {
  it('writes a header and quotes what needs quoting', () => {
    const csv = rowsToCsv([
      { building: 'Eastgate Mall', requests: 90, note: 'a "quoted", text' },
      { building: '东门', requests: 2.5, extra: true },
    ]);
    expect(csv).toBe('building,requests,note,extra\r\nEastgate Mall,90,"a ""quoted"", text",\r\n东门,2.5,,true\r\n');
  });

  it('keeps a typed formula from running in a spreadsheet, but not a negative number', () => {
    expect(rowsToCsv([{ a: '=HYPERLINK("x")', b: -3, c: '+1', d: '@SUM(A1)' }])).toBe('a,b,c,d\r\n"\'=HYPERLINK(""x"")",-3,\'+1,\'@SUM(A1)\r\n');
  });

  it('follows given columns and leaves missing values empty', () => {
    expect(rowsToCsv([{ x: 1 }], ['y', 'x'])).toBe('y,x\r\n,1\r\n');
  });
});

describe('exportFileName', () => {
  it('replaces what file systems refuse and never answers an empty name', () => {
    expect(exportFileName('Requests by month / building', 'csv')).toBe('Requests by month _ building.csv');
    expect(exportFileName('  ', 'png')).toBe('export.png');
  });
});
