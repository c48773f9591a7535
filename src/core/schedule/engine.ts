/**
 * The scheduling engine: MS Project's critical path method over a schedule model.
 *
 * The network has one node per task (a leaf task, or a summary's roll-up) and one "entry" node
 * per summary, through which links and constraints on a summary reach its children. Links
 * point from a predecessor's task node to the successor's task node (or entry node, for a
 * summary); an entry node points to its children, and each child to its summary's roll-up.
 *
 * Passes run over a topological order of that network, each visiting only nodes marked dirty,
 * so a full run (everything dirty) and a re-run after one edit (the edited task dirty) are the
 * same code: forward for early dates, backward for late dates, and, when some task is "as late
 * as possible", a second forward pass placing it at its late dates and its successors after it.
 *
 * Dates are wall times; inside a task they are counted in its clock's working minutes (see
 * calendar.ts), so floats are working minutes of the task's own calendar. A link's lag counts in
 * the successor's calendar, as in MS Project. Hard constraints (MSO, MFO, SNLT, FNLT) win over
 * links, marking the task `constraintBroken` when its links want it later. Actual starts and
 * finishes pin a task; a started, unfinished task keeps its remaining work running on from its
 * actual start. The status date is for display: the engine does not move remaining work to it.
 */
import { ELAPSED_CLOCK, workingTimeOf, type Clock, type WorkingTime } from './calendar.ts';
import { isElapsedUnit } from './durations.ts';
import type { Calendar, DurationUnit, Link, ScheduleModel, Task, TaskConstraint, WallTime } from './model.ts';

export interface ScheduledTask {
  id: number;
  wbs: string;
  summary: boolean;
  milestone: boolean;
  /** Scheduled dates: early dates, late ones for "as late as possible", actuals when recorded. */
  start: WallTime;
  finish: WallTime;
  /** Working minutes (elapsed minutes for elapsed durations; rolled up for summaries). */
  duration: number;
  earlyStart: WallTime;
  earlyFinish: WallTime;
  lateStart: WallTime;
  lateFinish: WallTime;
  /** Working minutes of the task's calendar. */
  totalFloat: number;
  freeFloat: number;
  critical: boolean;
  nearCritical: boolean;
  deadlineMissed: boolean;
  constraintBroken: boolean;
}

export interface ScheduleResult {
  /** By task id. Updated in place by a scheduler; a changed task gets a new object. */
  tasks: Map<number, ScheduledTask>;
  start: WallTime;
  finish: WallTime;
}

export class ScheduleLoopError extends Error {
  constructor(
    readonly taskIds: number[],
    names: string[],
  ) {
    super(`These tasks are linked in a loop: ${[...names, names[0]].join(' → ')}`);
    this.name = 'ScheduleLoopError';
  }
}

/** One edit the scheduler re-schedules incrementally. */
export type ScheduleChange =
  | { kind: 'duration'; taskId: number; duration: number; unit?: DurationUnit }
  | { kind: 'constraint'; taskId: number; constraint: TaskConstraint }
  | { kind: 'deadline'; taskId: number; deadline?: WallTime }
  | { kind: 'progress'; taskId: number; percentComplete: number; actualStart?: WallTime; actualFinish?: WallTime }
  /** Adds the link, or replaces the one between the same two tasks. */
  | { kind: 'link'; link: Link }
  | { kind: 'unlink'; from: number; to: number };

export interface Scheduler {
  /** The model with every change so far applied (the given model is never changed). */
  readonly model: ScheduleModel;
  readonly result: ScheduleResult;
  /** Applies one change; throws ScheduleLoopError (leaving everything as it was) for a loop. */
  update(change: ScheduleChange): ScheduleResult;
  /** Ids of the tasks whose scheduled values the last update changed. */
  readonly changed: readonly number[];
}

const FS = 0;
const SS = 1;
const FF = 2;
const SF = 3;
const TYPE_CODE = { FS, SS, FF, SF } as const;
/** Links whose lag starts from the predecessor's finish (else its start). */
const fromFinish = (type: number) => type === FS || type === FF;
/** Links that hold the successor's start (else its finish). */
const toStart = (type: number) => type === FS || type === SS;

interface NetLink {
  link: Link;
  /** Predecessor and successor task indexes, and the successor's node. */
  p: number;
  s: number;
  target: number;
  type: number;
}

const INF = Number.POSITIVE_INFINITY;

export function scheduleAll(model: ScheduleModel): ScheduleResult {
  return new Engine(model).result;
}

export function createScheduler(model: ScheduleModel): Scheduler {
  return new Engine(model);
}

class Engine implements Scheduler {
  model: ScheduleModel;
  result: ScheduleResult = { tasks: new Map(), start: 0, finish: 0 };
  changed: number[] = [];

  private tasks: Task[] = [];
  private n = 0;
  private nodes = 0;
  private indexOf = new Map<number, number>();
  private parent = new Int32Array(0);
  private entry = new Int32Array(0);
  /** Task index of each entry node (entry nodes are numbered from n). */
  private entryTask = new Int32Array(0);
  private children: number[][] = [];
  private wbs: string[] = [];
  private cal: WorkingTime[] = [];
  private clock: Clock[] = [];
  private dur = new Float64Array(0);
  private links: (NetLink | undefined)[] = [];
  /** Link index by predecessor index × task count + successor index. */
  private linkAt = new Map<number, number>();
  private out: number[][] = [];
  private inc: number[][] = [];
  private topo = new Int32Array(0);
  private pos = new Int32Array(0);
  private hasAlap = false;
  private projectStart = 0;
  private projectFinish = 0;

  // Early dates (walls, and W in the node's clock), late dates, scheduled dates, per node.
  private eS = new Float64Array(0);
  private eF = new Float64Array(0);
  private eSW = new Float64Array(0);
  private eFW = new Float64Array(0);
  private lS = new Float64Array(0);
  private lF = new Float64Array(0);
  private lSW = new Float64Array(0);
  private lFW = new Float64Array(0);
  private sS = new Float64Array(0);
  private sF = new Float64Array(0);
  /** Bounds a summary's outgoing links and constraints put on its children's late dates. */
  private rLs = new Float64Array(0);
  private rLf = new Float64Array(0);
  /** Working minutes a task takes as scheduled (actuals included; summaries rolled up). */
  private durEff = new Float64Array(0);
  private eBroken = new Uint8Array(0);
  private sBroken = new Uint8Array(0);

  // Dirty marks per node for each pass, and what changed in this run.
  private fwdDirty = new Uint8Array(0);
  private bwdDirty = new Uint8Array(0);
  private schedDirty = new Uint8Array(0);
  private fwdChanged = new Uint8Array(0);
  private outDirty = new Uint8Array(0);

  constructor(model: ScheduleModel) {
    this.model = model;
    this.compile(model);
    this.runAll();
  }

  // ---- building the network ----

  private compile(model: ScheduleModel): void {
    const tasks = model.tasks;
    const n = tasks.length;
    this.tasks = [...tasks];
    this.n = n;
    this.indexOf = new Map();
    for (let i = 0; i < n; i++) this.indexOf.set(tasks[i]!.id, i);
    const calendars = new Map<number, Calendar>(model.calendars.map((c) => [c.id, c]));
    const projectCalendar = calendars.get(model.settings.calendarId) ?? model.calendars[0];
    if (!projectCalendar) throw new Error('A schedule needs its project calendar');

    // Outline: parent by level, summaries, WBS codes from the depth in the outline.
    const parent = new Int32Array(n).fill(-1);
    const children: number[][] = Array.from({ length: n }, () => []);
    const wbs: string[] = new Array<string>(n);
    const stack: number[] = [];
    let topCount = 0;
    for (let i = 0; i < n; i++) {
      const level = tasks[i]!.level;
      while (stack.length > 0 && tasks[stack[stack.length - 1]!]!.level >= level) stack.pop();
      const p = stack.length > 0 ? stack[stack.length - 1]! : -1;
      parent[i] = p;
      if (p >= 0) {
        children[p]!.push(i);
        wbs[i] = `${wbs[p]}.${children[p]!.length}`;
      } else {
        wbs[i] = String(++topCount);
      }
      stack.push(i);
    }
    this.parent = parent;
    this.children = children;
    this.wbs = wbs;
    const entry = new Int32Array(n).fill(-1);
    const entryTask: number[] = [];
    for (let i = 0; i < n; i++) {
      if (children[i]!.length > 0) {
        entry[i] = n + entryTask.length;
        entryTask.push(i);
      }
    }
    this.entry = entry;
    this.entryTask = Int32Array.from(entryTask);
    const nodes = n + entryTask.length;
    this.nodes = nodes;

    this.cal = tasks.map((t) => workingTimeOf((t.calendarId !== undefined && calendars.get(t.calendarId)) || projectCalendar));
    this.clock = tasks.map((t, i) => (children[i]!.length === 0 && isElapsedUnit(t.unit) ? ELAPSED_CLOCK : this.cal[i]!));
    this.dur = new Float64Array(n);
    for (let i = 0; i < n; i++) this.dur[i] = Math.max(0, Math.round(tasks[i]!.duration));
    this.hasAlap = tasks.some((t) => t.constraint.type === 'ALAP');
    this.projectStart = model.settings.start;

    this.links = [];
    this.linkAt = new Map();
    this.out = Array.from({ length: n }, () => []);
    this.inc = Array.from({ length: nodes }, () => []);
    for (const link of model.links) this.addLink(link);
    this.sort();

    const f64 = () => new Float64Array(nodes);
    this.eS = f64();
    this.eF = f64();
    this.eSW = f64();
    this.eFW = f64();
    this.lS = f64();
    this.lF = f64();
    this.lSW = f64();
    this.lFW = f64();
    this.rLs = new Float64Array(n).fill(INF);
    this.rLf = new Float64Array(n).fill(INF);
    this.durEff = new Float64Array(n);
    this.eBroken = new Uint8Array(n);
    if (this.hasAlap) {
      this.sS = f64();
      this.sF = f64();
      this.sBroken = new Uint8Array(n);
    } else {
      this.sS = this.eS;
      this.sF = this.eF;
      this.sBroken = this.eBroken;
    }
    this.fwdDirty = new Uint8Array(nodes);
    this.bwdDirty = new Uint8Array(nodes);
    this.schedDirty = new Uint8Array(nodes);
    this.fwdChanged = new Uint8Array(nodes);
    this.outDirty = new Uint8Array(n);
  }

  private targetOf(task: number): number {
    const e = this.entry[task]!;
    return e >= 0 ? e : task;
  }

  /** Adds a link to the network (links naming unknown tasks, or a task to itself, are skipped). */
  private addLink(link: Link): number {
    const p = this.indexOf.get(link.from);
    const s = this.indexOf.get(link.to);
    if (p === undefined || s === undefined || p === s) return -1;
    const key = p * this.n + s;
    const existing = this.linkAt.get(key);
    const net: NetLink = { link, p, s, target: this.targetOf(s), type: TYPE_CODE[link.type] ?? FS };
    if (existing !== undefined) {
      this.links[existing] = net;
      return existing;
    }
    const index = this.links.length;
    this.links.push(net);
    this.linkAt.set(key, index);
    this.out[p]!.push(index);
    this.inc[net.target]!.push(index);
    return index;
  }

  private removeLink(index: number): void {
    const net = this.links[index]!;
    this.links[index] = undefined;
    this.linkAt.delete(net.p * this.n + net.s);
    const drop = (list: number[]) => list.splice(list.indexOf(index), 1);
    drop(this.out[net.p]!);
    drop(this.inc[net.target]!);
  }

  /** Successor nodes of a node in the network (links, outline). */
  private forEachSuccessor(v: number, visit: (w: number) => void): void {
    if (v < this.n) {
      for (const l of this.out[v]!) visit(this.links[l]!.target);
      const p = this.parent[v]!;
      if (p >= 0) visit(p);
    } else {
      for (const c of this.children[this.entryTask[v - this.n]!]!) visit(this.targetOf(c));
    }
  }

  /** Topological order of the nodes (Kahn); a loop throws ScheduleLoopError naming its tasks. */
  private sort(): void {
    const nodes = this.nodes;
    const n = this.n;
    // Successors in one flat array (CSR): the order is built for every full run.
    const first = new Int32Array(nodes + 1);
    for (let v = 0; v < n; v++) first[v + 1] = this.out[v]!.length + (this.parent[v]! >= 0 ? 1 : 0);
    for (let v = n; v < nodes; v++) first[v + 1] = this.children[this.entryTask[v - n]!]!.length;
    for (let v = 0; v < nodes; v++) first[v + 1] = first[v + 1]! + first[v]!;
    const next = new Int32Array(first[nodes]!);
    const indegree = new Int32Array(nodes);
    for (let v = 0, k = 0; v < nodes; v++) {
      if (v < n) {
        for (const l of this.out[v]!) next[k++] = this.links[l]!.target;
        if (this.parent[v]! >= 0) next[k++] = this.parent[v]!;
      } else {
        for (const c of this.children[this.entryTask[v - n]!]!) next[k++] = this.targetOf(c);
      }
    }
    for (let k = 0; k < next.length; k++) indegree[next[k]!] = indegree[next[k]!]! + 1;
    const order = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (let v = 0; v < nodes; v++) if (indegree[v] === 0) order[tail++] = v;
    while (head < tail) {
      const v = order[head++]!;
      for (let k = first[v]!; k < first[v + 1]!; k++) {
        const w = next[k]!;
        if (--indegree[w]! === 0) order[tail++] = w;
      }
    }
    if (tail < nodes) this.throwLoop(indegree);
    const pos = new Int32Array(nodes);
    for (let k = 0; k < nodes; k++) pos[order[k]!] = k;
    this.topo = order;
    this.pos = pos;
  }

  /** Every node left with predecessors is in or behind a loop: walk back until one repeats. */
  private throwLoop(indegree: Int32Array): never {
    const preds: number[][] = Array.from({ length: this.nodes }, () => []);
    for (let v = 0; v < this.nodes; v++) {
      this.forEachSuccessor(v, (w) => {
        if (indegree[w]! > 0 && indegree[v]! > 0) preds[w]!.push(v);
      });
    }
    let v = indegree.findIndex((d) => d > 0);
    const seenAt = new Map<number, number>();
    const path: number[] = [];
    while (!seenAt.has(v)) {
      seenAt.set(v, path.length);
      path.push(v);
      v = preds[v]![0]!;
    }
    const cycle = path.slice(seenAt.get(v)).reverse();
    const taskIndexes: number[] = [];
    for (const node of cycle) {
      const task = node < this.n ? node : this.entryTask[node - this.n]!;
      if (taskIndexes[taskIndexes.length - 1] !== task) taskIndexes.push(task);
    }
    while (taskIndexes.length > 1 && taskIndexes[0] === taskIndexes[taskIndexes.length - 1]) taskIndexes.pop();
    // Start the loop's text at its first task in outline order.
    const first = taskIndexes.indexOf(Math.min(...taskIndexes));
    const ordered = [...taskIndexes.slice(first), ...taskIndexes.slice(0, first)];
    const tasks = ordered.map((i) => this.tasks[i]!);
    throw new ScheduleLoopError(
      tasks.map((t) => t.id),
      tasks.map((t) => t.name || `#${t.id}`),
    );
  }

  // ---- passes ----

  private runAll(): void {
    this.fwdDirty.fill(1);
    this.bwdDirty.fill(1);
    this.schedDirty.fill(1);
    this.outDirty.fill(1);
    this.run(true);
  }

  /** Runs the passes over whatever is marked dirty, then refreshes the changed results. */
  private run(full: boolean): void {
    this.fwdChanged.fill(0);
    this.forwardPass(false);
    const finish = this.finishOfProject();
    if (finish !== this.projectFinish) {
      this.projectFinish = finish;
      // Every task's late finish is held by the project finish.
      for (let i = 0; i < this.n; i++) if (this.entry[i]! < 0) this.bwdDirty[i] = 1;
      this.outDirty.fill(1);
    }
    for (let v = 0; v < this.nodes; v++) if (this.fwdChanged[v]) this.bwdDirty[v] = 1;
    this.backwardPass();
    if (this.hasAlap) {
      for (let v = 0; v < this.nodes; v++) if (this.fwdChanged[v]) this.schedDirty[v] = 1;
      this.forwardPass(true);
    }
    this.publish(full);
  }

  private finishOfProject(): number {
    let finish = -INF;
    for (let i = 0; i < this.n; i++) if (this.entry[i]! < 0 && this.eF[i]! > finish) finish = this.eF[i]!;
    return finish === -INF ? this.projectStart : finish;
  }

  private forwardPass(scheduled: boolean): void {
    const dirty = scheduled ? this.schedDirty : this.fwdDirty;
    const topo = this.topo;
    for (let k = 0; k < topo.length; k++) {
      const v = topo[k]!;
      if (!dirty[v]) continue;
      dirty[v] = 0;
      const changed = v >= this.n ? this.forwardEntry(v, scheduled) : this.entry[v]! >= 0 ? this.forwardRollup(v, scheduled) : this.forwardLeaf(v, scheduled);
      if (!changed) continue;
      if (!scheduled) this.fwdChanged[v] = 1;
      if (v < this.n) {
        for (const l of this.out[v]!) dirty[this.links[l]!.target] = 1;
        if (this.parent[v]! >= 0) dirty[this.parent[v]!] = 1;
      } else {
        for (const c of this.children[this.entryTask[v - this.n]!]!) dirty[this.targetOf(c)] = 1;
      }
      this.markOut(v);
    }
  }

  /** Marks a node's task, and the predecessors whose free float it holds, for publishing. */
  private markOut(v: number): void {
    const task = v < this.n ? v : this.entryTask[v - this.n]!;
    this.outDirty[task] = 1;
    for (const l of this.inc[v]!) this.outDirty[this.links[l]!.p] = 1;
    // Links into a summary end at its entry node, yet their free float reads the summary's own dates.
    const e = this.entry[task]!;
    if (e >= 0 && e !== v) for (const l of this.inc[e]!) this.outDirty[this.links[l]!.p] = 1;
  }

  /** The lag of a link in minutes (percent lags are a share of the predecessor's duration). */
  private lagOf(net: NetLink): number {
    const { lag, lagFormat } = net.link;
    return lagFormat === 'percent' ? Math.round((lag / 100) * this.durEff[net.p]!) : Math.round(lag);
  }

  /** The date a link holds its successor's start (or finish) to, from the predecessor's dates. */
  private forwardBound(net: NetLink, starts: Float64Array, finishes: Float64Array): WallTime {
    const anchor = fromFinish(net.type) ? finishes[net.p]! : starts[net.p]!;
    const lag = this.lagOf(net);
    if (lag === 0) return anchor;
    if (net.link.lagFormat === 'elapsed') return anchor + lag;
    const cal = this.cal[net.s]!;
    return cal.finishOf(cal.work(anchor) + lag);
  }

  /**
   * The latest date the predecessor's finish (or start) may take without pushing the successor
   * past `limit`, its late (or early) start (or finish): the forward bound turned round.
   */
  private backwardBound(net: NetLink, limit: WallTime): WallTime {
    const clock = net.target >= this.n ? this.cal[net.s]! : this.clock[net.s]!;
    const latest = clock.startOf(clock.work(limit));
    const lag = this.lagOf(net);
    if (lag === 0) return latest;
    if (net.link.lagFormat === 'elapsed') return latest - lag;
    const cal = this.cal[net.s]!;
    return cal.startOf(cal.work(latest) - lag);
  }

  private forwardLeaf(v: number, scheduled: boolean): boolean {
    const S = scheduled ? this.sS : this.eS;
    const F = scheduled ? this.sF : this.eF;
    const broken = scheduled ? this.sBroken : this.eBroken;
    const task = this.tasks[v]!;
    const clock = this.clock[v]!;
    let start: number;
    let finish: number;
    let startW: number;
    let finishW: number;
    let isBroken = 0;
    if (task.actualStart !== undefined) {
      // Actuals pin the task; remaining work runs on from the actual start.
      start = task.actualStart;
      startW = clock.work(start);
      finish = task.actualFinish ?? clock.finishOf(startW + this.dur[v]!);
      if (finish < start) finish = start;
      finishW = clock.work(finish);
    } else {
      const dur = this.dur[v]!;
      let startBound = this.projectStart;
      let finishBound = -INF;
      const p = this.parent[v]!;
      if (p >= 0) {
        const e = this.entry[p]!;
        startBound = Math.max(startBound, S[e]!);
        finishBound = F[e]!;
      }
      for (const l of this.inc[v]!) {
        const net = this.links[l]!;
        const bound = this.forwardBound(net, S, F);
        if (toStart(net.type)) startBound = Math.max(startBound, bound);
        else finishBound = Math.max(finishBound, bound);
      }
      const linkW = Math.max(clock.work(startBound), finishBound === -INF ? -INF : clock.work(finishBound) - dur);
      let w = linkW;
      /** The wall a milestone sits at: the latest bound itself (a finish at 17:00 stays there). */
      let wall = Math.max(startBound, finishBound);
      const { type, date } = task.constraint;
      if (date !== undefined || type === 'ALAP') {
        const d = date ?? 0;
        switch (type) {
          case 'SNET':
            w = Math.max(w, clock.work(d));
            wall = Math.max(wall, d);
            break;
          case 'FNET':
            w = Math.max(w, clock.work(d) - dur);
            wall = Math.max(wall, d);
            break;
          case 'MSO':
            w = clock.work(d);
            wall = d;
            isBroken = linkW > w ? 1 : 0;
            break;
          case 'MFO':
            w = clock.work(d) - dur;
            wall = d;
            isBroken = linkW > w ? 1 : 0;
            break;
          case 'SNLT':
            if (w > clock.work(d)) {
              w = clock.work(d);
              wall = d;
              isBroken = 1;
            }
            break;
          case 'FNLT':
            if (w > clock.work(d) - dur) {
              w = clock.work(d) - dur;
              wall = d;
              isBroken = 1;
            }
            break;
          case 'ALAP':
            if (scheduled && this.lSW[v]! > w) {
              w = this.lSW[v]!;
              wall = this.lS[v]!;
            }
            break;
          default:
            break;
        }
      }
      if (dur === 0) {
        start = clock.work(wall) === w ? wall : clock.startOf(w);
        finish = start;
      } else {
        start = clock.startOf(w);
        finish = clock.finishOf(w + dur);
      }
      startW = w;
      finishW = w + dur;
    }
    if (broken[v] !== isBroken) {
      broken[v] = isBroken;
      this.outDirty[v] = 1;
    }
    if (!scheduled) {
      // Counted afresh even when the dates stay: the task's clock may have changed.
      const changedW = this.eSW[v] !== startW || this.eFW[v] !== finishW;
      this.eSW[v] = startW;
      this.eFW[v] = finishW;
      this.durEff[v] = finishW - startW;
      if (changedW) this.outDirty[v] = 1;
    }
    if (S[v] === start && F[v] === finish) return false;
    S[v] = start;
    F[v] = finish;
    return true;
  }

  private forwardEntry(e: number, scheduled: boolean): boolean {
    const S = scheduled ? this.sS : this.eS;
    const F = scheduled ? this.sF : this.eF;
    const summary = this.entryTask[e - this.n]!;
    let startBound = -INF;
    let finishBound = -INF;
    const p = this.parent[summary]!;
    if (p >= 0) {
      startBound = S[this.entry[p]!]!;
      finishBound = F[this.entry[p]!]!;
    }
    for (const l of this.inc[e]!) {
      const net = this.links[l]!;
      const bound = this.forwardBound(net, S, F);
      if (toStart(net.type)) startBound = Math.max(startBound, bound);
      else finishBound = Math.max(finishBound, bound);
    }
    // A summary's lower-bound constraints reach its children as MS Project applies them.
    const { type, date } = this.tasks[summary]!.constraint;
    if (date !== undefined) {
      if (type === 'SNET' || type === 'MSO') startBound = Math.max(startBound, date);
      if (type === 'FNET' || type === 'MFO') finishBound = Math.max(finishBound, date);
    }
    if (S[e] === startBound && F[e] === finishBound) return false;
    S[e] = startBound;
    F[e] = finishBound;
    return true;
  }

  private forwardRollup(v: number, scheduled: boolean): boolean {
    const S = scheduled ? this.sS : this.eS;
    const F = scheduled ? this.sF : this.eF;
    let start = INF;
    let finish = -INF;
    for (const c of this.children[v]!) {
      if (S[c]! < start) start = S[c]!;
      if (F[c]! > finish) finish = F[c]!;
    }
    if (S[v] === start && F[v] === finish) return false;
    S[v] = start;
    F[v] = finish;
    if (!scheduled) {
      const cal = this.cal[v]!;
      this.eSW[v] = cal.work(start);
      this.eFW[v] = cal.work(finish);
      this.durEff[v] = this.eFW[v] - this.eSW[v];
    }
    return true;
  }

  private backwardPass(): void {
    const dirty = this.bwdDirty;
    const topo = this.topo;
    for (let k = topo.length - 1; k >= 0; k--) {
      const v = topo[k]!;
      if (!dirty[v]) continue;
      dirty[v] = 0;
      if (v >= this.n) {
        if (!this.backwardEntry(v)) continue;
        for (const l of this.inc[v]!) dirty[this.links[l]!.p] = 1;
        const p = this.parent[this.entryTask[v - this.n]!]!;
        if (p >= 0) dirty[this.entry[p]!] = 1;
        this.markOut(v);
      } else if (this.entry[v]! >= 0) {
        // A summary's bounds reach its children (whose early starts they compare with, too).
        if (!this.backwardRollup(v) && !this.fwdChanged[v]) continue;
        for (const c of this.children[v]!) dirty[c] = 1;
      } else {
        if (!this.backwardLeaf(v)) continue;
        for (const l of this.inc[v]!) dirty[this.links[l]!.p] = 1;
        const p = this.parent[v]!;
        if (p >= 0) dirty[this.entry[p]!] = 1;
        if (this.hasAlap && this.tasks[v]!.constraint.type === 'ALAP') this.schedDirty[v] = 1;
        this.markOut(v);
      }
    }
  }

  private backwardLeaf(v: number): boolean {
    const task = this.tasks[v]!;
    const clock = this.clock[v]!;
    const dur = this.durEff[v]!;
    let finishBound = this.projectFinish;
    let startBound = INF;
    const p = this.parent[v]!;
    if (p >= 0) {
      finishBound = Math.min(finishBound, this.rLf[p]!);
      if (this.eS[v] === this.eS[p]) startBound = this.rLs[p]!;
    }
    for (const l of this.out[v]!) {
      const net = this.links[l]!;
      const limit = toStart(net.type) ? this.lS[net.target]! : this.lF[net.target]!;
      const bound = this.backwardBound(net, limit);
      if (fromFinish(net.type)) finishBound = Math.min(finishBound, bound);
      else startBound = Math.min(startBound, bound);
    }
    let w = Math.min(clock.work(finishBound), startBound === INF ? INF : clock.work(startBound) + dur);
    let wall = Math.min(finishBound, startBound);
    const { type, date } = task.constraint;
    if (date !== undefined) {
      let limit = INF;
      if (type === 'MSO' || type === 'SNLT') limit = clock.work(date) + dur;
      else if (type === 'MFO' || type === 'FNLT') limit = clock.work(date);
      if (limit < w) {
        w = limit;
        wall = date;
      }
    }
    if (task.deadline !== undefined && clock.work(task.deadline) < w) {
      w = clock.work(task.deadline);
      wall = task.deadline;
    }
    let start: number;
    let finish: number;
    if (dur === 0) {
      start = w === this.eSW[v] ? this.eS[v]! : clock.work(wall) === w ? wall : clock.finishOf(w);
      finish = start;
    } else {
      start = clock.startOf(w - dur);
      finish = clock.finishOf(w);
    }
    if (this.lS[v] === start && this.lF[v] === finish) return false;
    this.lS[v] = start;
    this.lF[v] = finish;
    this.lSW[v] = w - dur;
    this.lFW[v] = w;
    return true;
  }

  private backwardRollup(v: number): boolean {
    let finishBound = INF;
    let startBound = INF;
    const p = this.parent[v]!;
    if (p >= 0) {
      finishBound = this.rLf[p]!;
      if (this.eS[v] === this.eS[p]) startBound = this.rLs[p]!;
    }
    for (const l of this.out[v]!) {
      const net = this.links[l]!;
      const limit = toStart(net.type) ? this.lS[net.target]! : this.lF[net.target]!;
      const bound = this.backwardBound(net, limit);
      if (fromFinish(net.type)) finishBound = Math.min(finishBound, bound);
      else startBound = Math.min(startBound, bound);
    }
    const task = this.tasks[v]!;
    const { type, date } = task.constraint;
    if (date !== undefined) {
      if (type === 'FNLT' || type === 'MFO') finishBound = Math.min(finishBound, date);
      if (type === 'SNLT' || type === 'MSO') startBound = Math.min(startBound, date);
    }
    if (task.deadline !== undefined) finishBound = Math.min(finishBound, task.deadline);
    if (this.rLf[v] === finishBound && this.rLs[v] === startBound) return false;
    this.rLf[v] = finishBound;
    this.rLs[v] = startBound;
    return true;
  }

  /** A summary's late dates from its children: the entry node keeps the earliest of each. */
  private backwardEntry(e: number): boolean {
    const summary = this.entryTask[e - this.n]!;
    let firstStart = INF;
    let firstFinish = INF;
    let lastFinish = -INF;
    for (const c of this.children[summary]!) {
      if (this.lS[c]! < firstStart) firstStart = this.lS[c]!;
      if (this.lF[c]! < firstFinish) firstFinish = this.lF[c]!;
      if (this.lF[c]! > lastFinish) lastFinish = this.lF[c]!;
    }
    const changed = this.lS[e] !== firstStart || this.lF[e] !== firstFinish || this.lF[summary] !== lastFinish || this.lS[summary] !== firstStart;
    if (!changed) return false;
    this.lS[e] = firstStart;
    this.lF[e] = firstFinish;
    this.lS[summary] = firstStart;
    this.lF[summary] = lastFinish;
    const cal = this.cal[summary]!;
    this.lSW[summary] = cal.work(firstStart);
    this.lFW[summary] = cal.work(lastFinish);
    return true;
  }

  // ---- results ----

  private publish(full: boolean): void {
    const map = this.result.tasks;
    const changed: number[] = [];
    const outDirty = this.outDirty;
    // A change inside a summary changes the summary's own figures.
    for (let i = this.n - 1; i >= 0; i--) {
      if (outDirty[i] && this.parent[i]! >= 0) outDirty[this.parent[i]!] = 1;
    }
    let start = INF;
    for (let i = 0; i < this.n; i++) {
      if (this.sS[i]! < start) start = this.sS[i]!;
      if (!outDirty[i]) continue;
      outDirty[i] = 0;
      const next = this.scheduledTask(i);
      const before = map.get(next.id);
      if (!full && before && sameTask(before, next)) continue;
      map.set(next.id, next);
      changed.push(next.id);
    }
    this.result = { tasks: map, start: start === INF ? this.projectStart : start, finish: this.projectFinish };
    this.changed = changed;
  }

  private scheduledTask(i: number): ScheduledTask {
    const task = this.tasks[i]!;
    const summary = this.entry[i]! >= 0;
    const clock = this.clock[i]!;
    // A summary's float is that of its finish, as MS Project shows it.
    const totalFloat = summary ? this.lFW[i]! - this.eFW[i]! : this.lSW[i]! - this.eSW[i]!;
    let freeFloat = INF;
    for (const l of this.out[i]!) {
      const net = this.links[l]!;
      const t = net.target >= this.n ? net.s : net.target;
      const limit = this.backwardBound(net, toStart(net.type) ? this.eS[t]! : this.eF[t]!);
      freeFloat = Math.min(freeFloat, fromFinish(net.type) ? clock.work(limit) - this.eFW[i]! : clock.work(limit) - this.eSW[i]!);
    }
    if (freeFloat === INF) freeFloat = clock.work(this.projectFinish) - this.eFW[i]!;
    freeFloat = Math.max(0, Math.min(freeFloat, totalFloat));
    const done = task.percentComplete >= 100;
    const critical = !done && totalFloat <= 0;
    const finish = this.sF[i]!;
    const duration = summary ? this.cal[i]!.work(finish) - this.cal[i]!.work(this.sS[i]!) : this.durEff[i]!;
    return {
      id: task.id,
      wbs: this.wbs[i]!,
      summary,
      milestone: !summary && (task.milestone || duration === 0),
      start: this.sS[i]!,
      finish,
      duration,
      earlyStart: this.eS[i]!,
      earlyFinish: this.eF[i]!,
      lateStart: this.lS[i]!,
      lateFinish: this.lF[i]!,
      totalFloat,
      freeFloat,
      critical,
      nearCritical: !done && !critical && totalFloat <= this.model.settings.nearCriticalMinutes,
      deadlineMissed: task.deadline !== undefined && finish > task.deadline,
      constraintBroken: !summary && this.sBroken[i] === 1,
    };
  }

  // ---- incremental changes ----

  update(change: ScheduleChange): ScheduleResult {
    if (change.kind === 'link' || change.kind === 'unlink') return this.updateLink(change);
    const i = this.indexOf.get(change.taskId);
    if (i === undefined) throw new Error(`No task ${change.taskId} in the schedule`);
    const before = this.tasks[i]!;
    let task: Task;
    switch (change.kind) {
      case 'duration':
        task = { ...before, duration: change.duration, unit: change.unit ?? before.unit };
        break;
      case 'constraint':
        task = { ...before, constraint: change.constraint };
        break;
      case 'deadline':
        task = { ...before, deadline: change.deadline };
        if (change.deadline === undefined) delete task.deadline;
        break;
      case 'progress':
        task = { ...before, percentComplete: change.percentComplete, actualStart: change.actualStart, actualFinish: change.actualFinish };
        if (change.actualStart === undefined) delete task.actualStart;
        if (change.actualFinish === undefined) delete task.actualFinish;
        break;
    }
    const tasks = [...this.model.tasks];
    tasks[i] = task;
    this.model = { ...this.model, tasks };
    if (task.constraint.type === 'ALAP' && !this.hasAlap) {
      // The scheduled dates part from the early ones from now on: build them afresh.
      this.compile(this.model);
      this.runAll();
      return this.result;
    }
    this.tasks[i] = task;
    this.dur[i] = Math.max(0, Math.round(task.duration));
    if (this.entry[i]! < 0) this.clock[i] = isElapsedUnit(task.unit) ? ELAPSED_CLOCK : this.cal[i]!;
    this.markEdited(i);
    this.run(false);
    return this.result;
  }

  /** Marks a task (and what its own values feed) for every pass. */
  private markEdited(i: number): void {
    const v = this.targetOf(i);
    for (const node of [i, v]) {
      this.fwdDirty[node] = 1;
      this.bwdDirty[node] = 1;
      this.schedDirty[node] = 1;
    }
    this.outDirty[i] = 1;
    // Percent lags of its successors count its duration.
    for (const l of this.out[i]!) {
      this.fwdDirty[this.links[l]!.target] = 1;
      this.schedDirty[this.links[l]!.target] = 1;
    }
  }

  private updateLink(change: Extract<ScheduleChange, { kind: 'link' | 'unlink' }>): ScheduleResult {
    const from = change.kind === 'link' ? change.link.from : change.from;
    const to = change.kind === 'link' ? change.link.to : change.to;
    const others = this.model.links.filter((l) => l.from !== from || l.to !== to);
    const links = change.kind === 'link' ? [...others, change.link] : others;
    const model = { ...this.model, links };
    const p = this.indexOf.get(from);
    const s = this.indexOf.get(to);
    if (p === undefined || s === undefined || p === s) {
      this.model = model;
      return this.result;
    }
    const existing = this.linkAt.get(p * this.n + s);
    if (change.kind === 'link' && existing === undefined && this.pos[p]! >= this.pos[this.targetOf(s)]!) {
      // The new link runs against the current order: order afresh (a loop throws here, untouched).
      const engine = new Engine(model);
      Object.assign(this, engine);
      return this.result;
    }
    this.model = model;
    if (existing !== undefined) this.removeLink(existing);
    if (change.kind === 'link') this.addLink(change.link);
    this.markEdited(p);
    this.markEdited(s);
    this.outDirty[p] = 1;
    this.run(false);
    return this.result;
  }
}

function sameTask(a: ScheduledTask, b: ScheduledTask): boolean {
  for (const key of Object.keys(a) as (keyof ScheduledTask)[]) if (a[key] !== b[key]) return false;
  return true;
}
