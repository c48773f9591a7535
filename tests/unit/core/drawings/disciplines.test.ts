import { describe, expect, it } from 'vitest';
import { disciplineOfNumber, disciplineReading, ruleDiscipline } from '../../../../src/core/drawings/disciplines.ts';
import { readTitleBlock, type TextRun } from '../../../../src/core/drawings/title-block.ts';

const run = (text: string, x: number, y: number, size = 10): TextRun => ({ text, x, y, size, width: text.length * size * 0.55 });

describe('a sheet number’s discipline', () => {
  it('reads the default codes by prefix, as the register always did', () => {
    expect(['A-101', 'FP-201', 'AD-101', 'F-1', 'L12', 'Z-3', '12'].map((n) => disciplineOfNumber(n))).toEqual(['A', 'FP', 'A', 'FP', 'L', 'X', 'X']);
  });

  it('reads a workspace’s own codes where its rule puts the discipline, else by the number’s prefix', () => {
    const reading = disciplineReading('T1-{discipline}{001}', ['A', 'HV', 'ST', 'X']);
    expect(['T1-HV001', 't1-a012', 'HV-3', 'STX-1', 'T1-Q001', 'M-101'].map((n) => disciplineOfNumber(n, reading))).toEqual(['HV', 'A', 'HV', 'ST', 'X', 'X']);
    expect(ruleDiscipline('T1-HV001', reading)).toBe('HV');
    expect(ruleDiscipline('HV-001', reading)).toBeNull();
    // A rule that cannot be read falls back to the default one.
    expect(disciplineOfNumber('A-101', disciplineReading('{nope}', null))).toBe('A');
  });

  it('lets a title block give a number of the workspace’s rule', () => {
    const runs = [run('Drawing No.', 900, 780), run('T1-HV001', 980, 780, 14), run('Ventilation ducts', 900, 740, 14)];
    expect(readTitleBlock(runs, 1190, 842).number).toBeNull();
    expect(readTitleBlock(runs, 1190, 842, disciplineReading('T1-{discipline}{001}', ['HV', 'X'])).number).toBe('T1-HV001');
  });
});
