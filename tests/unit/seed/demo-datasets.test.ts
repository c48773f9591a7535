import { describe, expect, it } from 'vitest';
import {
  DEMO_DATASETS,
  generateCostItems,
  generateProjectProgress,
  generateSafetyEvents,
  generateWorkOrders,
} from '../../../src/server/seed/demo/datasets.ts';

const SEED_DATE = Date.parse('2026-11-22T08:00:00.000Z');
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('demo dataset generators', () => {
  it('give the same rows for the same seed date and seed, other rows for another seed', () => {
    for (const dataset of DEMO_DATASETS) {
      expect(dataset.generate(SEED_DATE, 7), dataset.code).toEqual(dataset.generate(SEED_DATE, 7));
      expect(dataset.generate(SEED_DATE, 7), dataset.code).not.toEqual(dataset.generate(SEED_DATE, 8));
    }
  });

  it('fill every field with a value of its declared type (or null)', () => {
    for (const dataset of DEMO_DATASETS) {
      for (const row of dataset.generate(SEED_DATE)) {
        expect(Object.keys(row), dataset.code).toEqual(dataset.fields.map((f) => f.name));
        for (const field of dataset.fields) {
          const value = row[field.name];
          if (value === null) continue;
          const ok = {
            string: typeof value === 'string',
            number: typeof value === 'number' && Number.isFinite(value),
            integer: Number.isInteger(value),
            boolean: typeof value === 'boolean',
            date: typeof value === 'string' && ISO_DATE.test(value),
            datetime: typeof value === 'string' && ISO_DATETIME.test(value),
          }[field.type];
          expect(ok, `${dataset.code}.${field.name} = ${String(value)}`).toBe(true);
        }
      }
    }
  });

  it('make work orders of any count, numbered in order of creation, closed after created and before the seed date', () => {
    const orders = generateWorkOrders(20_000, SEED_DATE);
    expect(orders).toHaveLength(20_000);
    expect(orders.map((o) => o.no)).toEqual(orders.map((_, i) => i + 1));
    for (const [i, o] of orders.entries()) {
      if (i > 0) expect((o.created as string) >= (orders[i - 1]!.created as string)).toBe(true);
      expect(Date.parse(o.created as string)).toBeLessThanOrEqual(SEED_DATE);
      expect(o.closed === null).toBe(o.status !== 'closed');
      if (o.closed !== null) {
        expect((o.closed as string) > (o.created as string)).toBe(true);
        expect(Date.parse(o.closed as string)).toBeLessThanOrEqual(SEED_DATE);
        const hours = (Date.parse(o.closed as string) - Date.parse(o.created as string)) / 3_600_000;
        expect(o.sla_met).toBe(hours <= (o.sla_hours as number));
      }
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['open', 'in_progress', 'on_hold', 'closed']));
    expect(new Set(orders.map((o) => o.priority))).toEqual(new Set(['P1', 'P2', 'P3', 'P4']));
  });

  it('keep project progress between 0 and 100, never going back, with few milestones', () => {
    const rows = generateProjectProgress(SEED_DATE);
    const weeks = [...new Set(rows.map((r) => r.week as string))];
    expect(weeks).toHaveLength(78);
    for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.at(-1)).toBe('2026-11-16');
    const last = new Map<string, number>();
    for (const r of rows) {
      expect(r.planned_pct as number).toBeGreaterThanOrEqual(0);
      expect(r.actual_pct as number).toBeLessThanOrEqual(100);
      expect(r.actual_pct as number).toBeGreaterThanOrEqual(last.get(r.project as string) ?? 0);
      last.set(r.project as string, r.actual_pct as number);
    }
    expect(rows.filter((r) => r.milestone !== null).length).toBeLessThan(rows.length / 10);
  });

  it('cover 24 months of costs and about 600 safety events within the year', () => {
    const costs = generateCostItems(SEED_DATE);
    expect(new Set(costs.map((r) => r.month))).toHaveProperty('size', 24);
    expect(costs.every((r) => (r.committed as number) >= (r.actual as number))).toBe(true);
    const events = generateSafetyEvents(SEED_DATE);
    expect(events).toHaveLength(600);
    expect((events[0]!.date as string) >= '2025-11-23').toBe(true);
    expect(events.every((e) => (e.severity as number) >= 1 && (e.severity as number) <= 5)).toBe(true);
  });
});
