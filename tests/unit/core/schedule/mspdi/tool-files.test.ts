import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatWallTime, type Link } from '../../../../../src/core/schedule/model.ts';
import { MspdiError, exportMspdi, importMspdi } from '../../../../../src/core/schedule/mspdi/index.ts';

const FILES = ['ms-project-2003.xml', 'ms-project-2016.xml', 'projectlibre.xml', 'ganttproject.xml', 'primavera-p6.xml', 'asta-powerproject.xml'];
const read = (name: string) => readFileSync(new URL(`../../../../fixtures/schedules/${name}`, import.meta.url), 'utf8');
const byEnds = (links: Link[]) => [...links].sort((a, b) => a.to - b.to || a.from - b.from);

function error(xml: string): MspdiError {
  try {
    importMspdi(xml);
  } catch (e) {
    if (e instanceof MspdiError) return e;
    throw e;
  }
  throw new Error('the file was read');
}

describe('MSPDI files from other tools', () => {
  it.each(FILES)('%s reads back the same after it is written', (name) => {
    const { model } = importMspdi(read(name));
    const back = importMspdi(exportMspdi(model), { nearCriticalMinutes: model.settings.nearCriticalMinutes }).model;
    // MSPDI has no baseline save date: the file's own save date stands for it.
    const unsaved = model.baselines.map((b) => ({ ...b, savedAt: '' }));
    expect({ ...back, links: byEnds(back.links) }).toEqual({ ...model, links: byEnds(model.links), baselines: unsaved });
  });

  it('MS Project 2003: the project summary row, resource calendars and unassigned placeholders are left out', () => {
    const { model, warnings } = importMspdi(read('ms-project-2003.xml'));
    expect(warnings).toEqual([]);
    expect(model.tasks).toHaveLength(27);
    expect(model.tasks.some((t) => t.id === 0)).toBe(false);
    expect(model.calendars.map((c) => c.name)).toEqual(['Standard']);
    expect(model.calendars[0]!.exceptions).toEqual([
      { name: '', from: '2024-03-29', to: '2024-03-29', periods: [] },
      { name: '', from: '2024-04-01', to: '2024-04-01', periods: [] },
      { name: '', from: '2024-05-06', to: '2024-05-06', periods: [] },
      { name: '', from: '2024-05-27', to: '2024-05-27', periods: [] },
    ]);
    expect(model.calendars[0]!.week[1]).toEqual([
      { from: 480, to: 720 },
      { from: 780, to: 1020 },
    ]);
    expect(model.settings).toMatchObject({ calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20 });
    expect(formatWallTime(model.settings.start)).toBe('2024-03-04T08:00:00');
    const excavate = model.tasks.find((t) => t.id === 6)!;
    expect(excavate).toMatchObject({ name: 'Excavate pad foundations', level: 2, duration: 4 * 480, unit: 'd', assignees: ['Groundworks crew', 'Excavator'] });
    expect(model.tasks.find((t) => t.id === 2)!.notes).toBe('Hoarding to the north boundary & gates at the access road.');
    expect(model.tasks.find((t) => t.id === 10)).toMatchObject({ milestone: true, duration: 0 });
    expect(model.links).toContainEqual({ from: 13, to: 14, type: 'FF', lag: 480, lagFormat: 'work' });
    expect(model.links).toContainEqual({ from: 17, to: 18, type: 'FS', lag: -960, lagFormat: 'work' });
  });

  it('MS Project 2016: Exceptions with recurring ones expanded, elapsed durations, percent and elapsed lags, progress and a baseline', () => {
    const { model, warnings } = importMspdi(read('ms-project-2016.xml'));
    expect(warnings.map((w) => w.code)).toEqual(['recurringException']);
    const exceptions = model.calendars[0]!.exceptions;
    expect(exceptions.filter((e) => e.name === 'Christmas Day').map((e) => e.from)).toEqual(['2024-12-25', '2025-12-25', '2026-12-25', '2027-12-25', '2028-12-25']);
    // The last Monday of August, three years running.
    expect(exceptions.filter((e) => e.name === 'Summer bank holiday').map((e) => e.from)).toEqual(['2024-08-26', '2025-08-25', '2026-08-31']);
    expect(model.tasks.find((t) => t.id === 28)).toMatchObject({ name: 'Concrete curing', duration: 7 * 1440, unit: 'ed' });
    expect(model.links).toContainEqual({ from: 14, to: 16, type: 'SS', lag: 50, lagFormat: 'percent' });
    expect(model.links).toContainEqual({ from: 8, to: 20, type: 'FS', lag: 2 * 1440, lagFormat: 'elapsed' });
    expect(model.tasks.find((t) => t.id === 21)!.constraint.type).toBe('SNET');
    expect(formatWallTime(model.tasks.find((t) => t.id === 21)!.constraint.date!)).toBe('2024-05-20T08:00:00');
    expect(model.tasks.find((t) => t.id === 27)!.constraint.type).toBe('FNLT');
    expect(formatWallTime(model.tasks.find((t) => t.id === 18)!.deadline!)).toBe('2024-06-28T17:00:00');
    expect(model.tasks.find((t) => t.id === 2)).toMatchObject({ percentComplete: 100 });
    expect(model.tasks.find((t) => t.id === 2)!.actualFinish).toBe(model.tasks.find((t) => t.id === 2)!.finish);
    expect(formatWallTime(model.settings.statusDate!)).toBe('2024-03-15T17:00:00');
    expect(model.baselines).toHaveLength(1);
    expect(model.baselines[0]!.savedAt).toBe('2024-03-15T17:10:00');
    expect(Object.keys(model.baselines[0]!.tasks)).toHaveLength(22);
  });

  it('ProjectLibre: a row without a name or a duration is kept with a warning, an estimated duration is read', () => {
    const { model, warnings } = importMspdi(read('projectlibre.xml'));
    expect(warnings.map((w) => [w.code, w.taskId])).toEqual([
      ['noName', 13],
      ['noDuration', 22],
    ]);
    expect(warnings[0]!.line).toBeGreaterThan(1);
    expect(model.tasks.find((t) => t.id === 13)).toMatchObject({ name: '', duration: 3 * 480 });
    expect(model.tasks.find((t) => t.id === 22)).toMatchObject({ name: 'Plumbing first fix', duration: 480, unit: 'd' });
    expect(model.tasks.find((t) => t.id === 20)).toMatchObject({ duration: 5 * 480, unit: 'd' });
    expect(model.tasks).toHaveLength(27);
  });

  it('GanttProject: durations in days and a derived calendar with its base folded in', () => {
    const { model, warnings } = importMspdi(read('ganttproject.xml'));
    expect(warnings).toEqual([]);
    expect(model.tasks.find((t) => t.id === 12)).toMatchObject({ duration: 8 * 480 });
    const site = model.calendars.find((c) => c.id === 2)!;
    expect(site.week[6]).toEqual([{ from: 480, to: 780 }]);
    expect(site.week[0]).toEqual([]);
    expect(site.week[3]).toEqual(model.calendars.find((c) => c.id === 1)!.week[3]);
    expect(site.exceptions.map((e) => e.name)).toEqual(['Good Friday', 'Easter Monday', 'Early May bank holiday', 'Spring bank holiday']);
    expect(model.tasks.filter((t) => t.calendarId === 2).map((t) => t.id)).toEqual([16, 17, 18]);
  });

  it('Primavera P6: task calendars, a lead and an elapsed lag', () => {
    const { model, warnings } = importMspdi(read('primavera-p6.xml'));
    expect(warnings).toEqual([]);
    expect(model.calendars.map((c) => c.name)).toEqual(['Standard 5 Day Workweek', 'Construction 5 Day']);
    expect(model.tasks.find((t) => t.id === 6)).toMatchObject({ name: 'A1060 Excavate pad foundations', calendarId: 7 });
    expect(model.tasks.find((t) => t.id === 5)!.calendarId).toBeUndefined();
    expect(model.links).toContainEqual({ from: 25, to: 26, type: 'FS', lag: -480, lagFormat: 'work' });
    expect(model.links).toContainEqual({ from: 20, to: 24, type: 'FS', lag: 3 * 1440, lagFormat: 'elapsed' });
  });

  it('Asta Powerproject: every task pinned by a start-no-earlier-than date, no links, a 7.5-hour day', () => {
    const { model, warnings } = importMspdi(read('asta-powerproject.xml'));
    expect(warnings).toEqual([]);
    expect(model.links).toEqual([]);
    expect(model.settings.minutesPerDay).toBe(450);
    const work = model.tasks.filter((t) => t.duration > 0 && !model.tasks.some((u, i) => model.tasks[i - 1] === t && u.level > t.level));
    for (const task of work) expect(task.constraint).toEqual({ type: 'SNET', date: task.start });
    expect(model.tasks.find((t) => t.id === 2)!.duration).toBe(3 * 450);
  });
});

describe('MSPDI alternative work weeks', () => {
  it('become exceptions on the days they set, and the calendar\'s own exceptions win', () => {
    const xml = `<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project">
  <StartDate>2024-06-03T08:00:00</StartDate>
  <CalendarUID>1</CalendarUID>
  <Calendars>
    <Calendar>
      <UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar>
      <Exceptions>
        <Exception><TimePeriod><FromDate>2024-06-05T00:00:00</FromDate><ToDate>2024-06-05T23:59:00</ToDate></TimePeriod><Name>Site closed</Name><Type>1</Type><DayWorking>0</DayWorking></Exception>
      </Exceptions>
      <WorkWeeks>
        <WorkWeek>
          <TimePeriod><FromDate>2024-06-03T00:00:00</FromDate><ToDate>2024-06-09T23:59:00</ToDate></TimePeriod>
          <Name>Summer hours</Name>
          <WeekDays>
            <WeekDay><DayType>4</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>07:00:00</FromTime><ToTime>15:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>
            <WeekDay><DayType>7</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>
          </WeekDays>
        </WorkWeek>
      </WorkWeeks>
    </Calendar>
  </Calendars>
</Project>`;
    const { model } = importMspdi(xml);
    expect(model.calendars[0]!.exceptions).toEqual([
      { name: 'Site closed', from: '2024-06-05', to: '2024-06-05', periods: [] },
      { name: 'Summer hours', from: '2024-06-08', to: '2024-06-08', periods: [{ from: 480, to: 720 }] },
    ]);
  });
});

describe('MSPDI files that cannot be read', () => {
  it('names the line of broken XML', () => {
    const e = error('<?xml version="1.0"?>\n<Project xmlns="http://schemas.microsoft.com/project">\n  <Tasks>\n    <Task><UID>1</Task>\n  </Tasks>\n</Project>\n');
    expect(e.code).toBe('notXml');
    expect(e.line).toBe(4);
    expect(e.message).toContain('line 4');
  });

  it('says when the file is not a project', () => {
    const e = error('<?xml version="1.0"?>\n<!-- exported -->\n<Schedule><Task/></Schedule>\n');
    expect(e.code).toBe('notProject');
    expect(e.element).toBe('Schedule');
    expect(e.line).toBe(3);
    expect(error('just some text').code).toBe('notXml');
  });

  it('names the link to a task the file lacks, with its line', () => {
    const xml = read('ms-project-2003.xml').replace('<PredecessorUID>26</PredecessorUID>', '<PredecessorUID>99</PredecessorUID>');
    const e = error(xml);
    expect(e.code).toBe('missingTask');
    expect(e.element).toBe('PredecessorLink');
    expect(xml.split(/\r?\n/)[e.line - 1]).toContain('<PredecessorLink>');
    expect(xml.split(/\r?\n/)[e.line]).toContain('<PredecessorUID>99</PredecessorUID>');
    expect(e.message).toContain('task UID 99');
  });

  it('refuses a document type declaration', () => {
    const e = error('<?xml version="1.0"?>\n<!DOCTYPE Project [<!ENTITY a "aaaa">]>\n<Project/>');
    expect(e.code).toBe('notXml');
    expect(e.line).toBe(2);
  });

  it('keeps going past unknown elements and odd values, with warnings', () => {
    const xml = `<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project">
  <StartDate>2024-03-04T08:00:00</StartDate>
  <SomethingNew><Deep>1</Deep></SomethingNew>
  <Tasks>
    <Task><UID>1</UID><ID>1</ID><Name>Dig</Name><OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration><DurationFormat>99</DurationFormat><Future>x</Future></Task>
    <Task><UID>2</UID><ID>2</ID><Name>Pour</Name><OutlineLevel>3</OutlineLevel><Duration>soon</Duration><ConstraintType>4</ConstraintType></Task>
    <Task><UID>3</UID><ID>3</ID><IsNull>1</IsNull></Task>
    <Task><UID>4</UID><ID>4</ID><Name>Cure</Name><OutlineLevel>1</OutlineLevel><Duration>P2DT4H</Duration><PredecessorLink><PredecessorUID>2</PredecessorUID><Type>1</Type><LinkLag>4800</LinkLag><LagFormat>20</LagFormat></PredecessorLink></Task>
  </Tasks>
</Project>`;
    const { model, warnings } = importMspdi(xml);
    expect(warnings.map((w) => [w.code, w.taskId, w.line])).toEqual([
      ['noCalendar', undefined, undefined],
      ['unknownDurationFormat', 1, 6],
      ['outlineJump', 2, 7],
      ['badDuration', 2, 7],
      ['constraintWithoutDate', 2, 7],
      ['blankRow', 3, 8],
      ['elapsedPercentLag', 4, 9],
    ]);
    expect(model.tasks.map((t) => [t.id, t.level, t.duration])).toEqual([
      [1, 1, 480],
      [2, 2, 480],
      [4, 1, 2 * 480 + 240],
    ]);
    expect(model.links).toEqual([{ from: 2, to: 4, type: 'FS', lag: 4800, lagFormat: 'percent' }]);
    expect(model.calendars).toHaveLength(1);
  });
});
