import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scheduleAll } from '../../../../../src/core/schedule/engine.ts';
import { formatWallTime } from '../../../../../src/core/schedule/model.ts';
import { importMspdi } from '../../../../../src/core/schedule/mspdi/index.ts';

const FILES = ['ms-project-2003.xml', 'ms-project-2016.xml', 'projectlibre.xml', 'ganttproject.xml', 'primavera-p6.xml', 'asta-powerproject.xml'];
const read = (name: string) => readFileSync(new URL(`../../../../fixtures/schedules/${name}`, import.meta.url), 'utf8');

describe('dates of files from other tools, scheduled again', () => {
  it.each(FILES)('%s: every task starts and finishes where the file says', (name) => {
    const { model } = importMspdi(read(name));
    const result = scheduleAll(model);
    // The files state whole minutes: the comparison is to the minute.
    const stated = model.tasks.map((t) => `${t.id} ${formatWallTime(t.start!)} ${formatWallTime(t.finish!)}`);
    const scheduled = model.tasks.map((t) => {
      const s = result.tasks.get(t.id)!;
      return `${t.id} ${formatWallTime(s.start)} ${formatWallTime(s.finish)}`;
    });
    expect(scheduled).toEqual(stated);
  });
});
