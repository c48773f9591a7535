import type { Task } from '../../src/core/schedule/model.ts';

/** A one-day task, as soon as possible, named `T<id>`: the tests' building block of a schedule. */
export function scheduleTask(id: number, level = 1, extra: Partial<Task> = {}): Task {
  return { id, name: `T${id}`, level, duration: 480, unit: 'd', milestone: false, constraint: { type: 'ASAP' }, percentComplete: 0, assignees: [], ...extra };
}
