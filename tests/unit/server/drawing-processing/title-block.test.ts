import { describe, expect, it } from 'vitest';
import { joinLines, readTitleBlock, type TextRun } from '../../../../src/core/drawings/title-block.ts';

/** The title-block rule on text runs as a PDF's text layer gives them (y down, sheet units). */

const W = 1190;
const H = 842;
const run = (text: string, x: number, y: number, size = 10): TextRun => ({ text, x, y, size, width: text.length * size * 0.55 });

describe('the title-block rule', () => {
  it('joins runs of one line that a PDF writer cut into words or letters', () => {
    const letters = 'A-101'.split('').map((ch, i) => run(ch, 900 + i * 11, 800, 20));
    expect(joinLines(letters).map((l) => l.text)).toEqual(['A-101']);
    expect(joinLines([run('Ground', 900, 760), run('Floor', 940, 760), run('Plan', 973, 760)]).map((l) => l.text)).toEqual(['Ground Floor Plan']);
  });

  it('reads Chinese labels: 图号 beside the number, 图名 above the title', () => {
    const runs = [run('图名', 900, 700, 8), run('一层平面图', 900, 720, 14), run('图号：', 900, 780, 8), run('A-102', 940, 780, 18), run('比例 1:100', 1050, 780, 8)];
    expect(readTitleBlock(runs, W, H)).toEqual({ number: 'A-102', title: '一层平面图' });
  });

  it('prefers the labelled number to a larger number-like text elsewhere in the block', () => {
    const runs = [run('GRID B-12', 700, 600, 30), run('Sheet No.', 950, 790, 8), run('S-201', 1000, 790, 14), run('Title', 950, 740, 8), run('Roof Framing', 950, 755, 12)];
    expect(readTitleBlock(runs, W, H)).toEqual({ number: 'S-201', title: 'Roof Framing' });
  });

  it('takes the largest number-shaped text near the lower right when nothing is labelled', () => {
    const runs = [run('P-3', 100, 100, 40), run('Drainage Layout', 900, 760, 12), run('P-301', 1050, 800, 28), run('Rev C', 1000, 810, 9)];
    expect(readTitleBlock(runs, W, H)).toEqual({ number: 'P-301', title: 'Drainage Layout' });
  });

  it('reads nothing from a sheet without text or with text away from the corner', () => {
    expect(readTitleBlock([], W, H)).toEqual({ number: null, title: null });
    expect(readTitleBlock([run('A-101', 100, 100, 20)], W, H)).toEqual({ number: null, title: null });
  });
});
