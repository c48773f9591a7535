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
const typeCode = (type: Link['type']) => (type === 'SS' ? SS : type === 'FF' ? FF : type === 'SF' ? SF : FS);
/** Links whose lag starts from the predecessor's finish (else its start). */
const fromFinish = (type: number) => type === FS || type === FF;
/** Links that hold the successor's start (else its finish). */
const toStart = (type: number) => type === FS || type === SS;

/** How a link's lag counts, as a code. */
const WORK_LAG = 0;
const ELAPSED_LAG = 1;
const PERCENT_LAG = 2;
const lagFormatCode = (format: Link['lagFormat']) => (format === 'percent' ? PERCENT_LAG : format === 'elapsed' ? ELAPSED_LAG : WORK_LAG);

const INF = Number.POSITIVE_INFINITY;

export function scheduleAll(model: ScheduleModel): ScheduleResult {
  return new Engine(model).result;
}

export function createScheduler(model: ScheduleModel): Scheduler {
  return new Engine(model);
}

/*
 * The network lives in typed arrays indexed by row (task index), node or link index rather
 * than in objects and maps, so a full run of 10,000 tasks allocates little besides its results.
 */
class Engine implements Scheduler {
  model: ScheduleModel;
  result: ScheduleResult = { tasks: new Map(), start: 0, finish: 0 };
  changed: number[] = [];

  private tasks: Task[] = [];
  private n = 0;
  private nodes = 0;
  /** Task index by id: a table when ids are small whole numbers, as they are in practice, else a map. */
  private indexById = new Int32Array(0);
  private indexByIdMap: Map<number, number> | undefined;
  private parent = new Int32Array(0);
  private entry = new Int32Array(0);
  /** Task index of each entry node (entry nodes are numbered from n). */
  private entryTask = new Int32Array(0);
  /** A summary's children, in row order: childAt[firstChild[i]] up to childAt[firstChild[i + 1]]. */
  private firstChild = new Int32Array(1);
  private childAt = new Int32Array(0);
  private wbs: string[] = [];
  private cal: WorkingTime[] = [];
  private clock: Clock[] = [];
  private dur = new Float64Array(0);
  /**
   * Links, numbered in order of their predecessor, so the links out of task i are
   * firstOut[i] up to firstOut[i + 1]; for each, its predecessor and successor task indexes,
   * the successor's node, type, lag format and lag (minutes, or percent).
   */
  private firstOut = new Int32Array(1);
  private linkP = new Int32Array(0);
  private linkS = new Int32Array(0);
  private linkTarget = new Int32Array(0);
  private linkType = new Uint8Array(0);
  private linkFormat = new Uint8Array(0);
  private linkLag = new Float64Array(0);
  /** The links into each node: inLink[firstIn[v]] up to inLink[firstIn[v + 1]]. */
  private firstIn = new Int32Array(1);
  private inLink = new Int32Array(0);
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
    this.indexIds(tasks);
    this.compileOutline(tasks);
    const nodes = this.nodes;
    this.compileClocks(model);
    this.dur = new Float64Array(n);
    for (let i = 0; i < n; i++) this.dur[i] = Math.max(0, Math.round(tasks[i]!.duration));
    this.hasAlap = tasks.some((t) => t.constraint.type === 'ALAP');
    this.projectStart = model.settings.start;
    this.compileLinks(model.links);
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

  private indexIds(tasks: readonly Task[]): void {
    const n = tasks.length;
    let largest = -1;
    for (let i = 0; i < n && largest !== INF; i++) {
      const id = tasks[i]!.id;
      largest = Number.isInteger(id) && id >= 0 ? Math.max(largest, id) : INF;
    }
    if (largest < 4 * n + 1024) {
      this.indexById = new Int32Array(largest + 1).fill(-1);
      for (let i = 0; i < n; i++) this.indexById[tasks[i]!.id] = i;
      this.indexByIdMap = undefined;
    } else {
      this.indexByIdMap = new Map();
      for (let i = 0; i < n; i++) this.indexByIdMap.set(tasks[i]!.id, i);
    }
  }

  /** The index of the task with this id, or -1. */
  private indexOf(id: number): number {
    if (this.indexByIdMap) return this.indexByIdMap.get(id) ?? -1;
    return Number.isInteger(id) && id >= 0 && id < this.indexById.length ? this.indexById[id]! : -1;
  }

  /** Outline: parent by level, children, WBS codes from the depth in the outline, entry nodes. */
  private compileOutline(tasks: readonly Task[]): void {
    const n = tasks.length;
    const parent = new Int32Array(n).fill(-1);
    const childCount = new Int32Array(n);
    const wbs: string[] = new Array<string>(n);
    const stack: number[] = [];
    let topCount = 0;
    for (let i = 0; i < n; i++) {
      const level = tasks[i]!.level;
      while (stack.length > 0 && tasks[stack[stack.length - 1]!]!.level >= level) stack.pop();
      const p = stack.length > 0 ? stack[stack.length - 1]! : -1;
      parent[i] = p;
      if (p >= 0) wbs[i] = `${wbs[p]}.${++childCount[p]!}`;
      else wbs[i] = String(++topCount);
      stack.push(i);
    }
    const firstChild = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) firstChild[i + 1] = firstChild[i]! + childCount[i]!;
    const childAt = new Int32Array(firstChild[n]!);
    const filled = firstChild.slice(0, n);
    for (let i = 0; i < n; i++) if (parent[i]! >= 0) childAt[filled[parent[i]!]!++] = i;
    const entry = new Int32Array(n).fill(-1);
    let entries = 0;
    for (let i = 0; i < n; i++) if (childCount[i]! > 0) entry[i] = n + entries++;
    const entryTask = new Int32Array(entries);
    for (let i = 0; i < n; i++) if (entry[i]! >= 0) entryTask[entry[i]! - n] = i;
    this.parent = parent;
    this.firstChild = firstChild;
    this.childAt = childAt;
    this.wbs = wbs;
    this.entry = entry;
    this.entryTask = entryTask;
    this.nodes = n + entries;
  }

  /** Each task's calendar arithmetic, and the clock its own duration counts in. */
  private compileClocks(model: ScheduleModel): void {
    const calendars = new Map<number, Calendar>(model.calendars.map((c) => [c.id, c]));
    const projectCalendar = calendars.get(model.settings.calendarId) ?? model.calendars[0];
    if (!projectCalendar) throw new Error('A schedule needs its project calendar');
    // Most tasks share a few calendars: look each up once.
    const byId = new Map<number | undefined, WorkingTime>();
    const n = this.n;
    this.cal = new Array<WorkingTime>(n);
    this.clock = new Array<Clock>(n);
    for (let i = 0; i < n; i++) {
      const t = this.tasks[i]!;
      let cal = byId.get(t.calendarId);
      if (!cal) {
        cal = workingTimeOf((t.calendarId !== undefined && calendars.get(t.calendarId)) || projectCalendar);
        byId.set(t.calendarId, cal);
      }
      this.cal[i] = cal;
      this.clock[i] = this.entry[i]! < 0 && isElapsedUnit(t.unit) ? ELAPSED_CLOCK : cal;
    }
  }

  /**
   * The links of the network (links naming unknown tasks, or a task to itself, are skipped; of
   * two between the same tasks the later counts), and which of them reach each node.
   */
  private compileLinks(links: readonly Link[]): void {
    const n = this.n;
    const count = links.length;
    const from = new Int32Array(count);
    const to = new Int32Array(count);
    const firstOut = new Int32Array(n + 1);
    for (let k = 0; k < count; k++) {
      const p = this.indexOf(links[k]!.from);
      const s = this.indexOf(links[k]!.to);
      from[k] = s < 0 || p === s ? -1 : p;
      to[k] = s;
      if (from[k]! >= 0) firstOut[p + 1]!++;
    }
    for (let i = 0; i < n; i++) firstOut[i + 1] = firstOut[i + 1]! + firstOut[i]!;
    // Model indexes grouped by predecessor, in model order within each.
    const order = new Int32Array(firstOut[n]!);
    const filled = firstOut.slice(0, n);
    for (let k = 0; k < count; k++) if (from[k]! >= 0) order[filled[from[k]!]!++] = k;
    // A later link between the same two tasks takes the place of the earlier one.
    const seenFrom = new Int32Array(n).fill(-1);
    const seenAt = new Int32Array(n);
    let live = 0;
    for (let p = 0; p < n; p++) {
      for (let j = firstOut[p]!; j < firstOut[p + 1]!; j++) {
        const s = to[order[j]!]!;
        if (seenFrom[s] === p) {
          order[seenAt[s]!] = order[j]!;
          order[j] = -1;
        } else {
          seenFrom[s] = p;
          seenAt[s] = j;
          live++;
        }
      }
    }
    this.linkP = new Int32Array(live);
    this.linkS = new Int32Array(live);
    this.linkTarget = new Int32Array(live);
    this.linkType = new Uint8Array(live);
    this.linkFormat = new Uint8Array(live);
    this.linkLag = new Float64Array(live);
    const compactOut = new Int32Array(n + 1);
    let l = 0;
    for (let p = 0; p < n; p++) {
      for (let j = firstOut[p]!; j < firstOut[p + 1]!; j++) {
        const k = order[j]!;
        if (k < 0) continue;
        this.writeLink(l++, p, to[k]!, links[k]!);
      }
      compactOut[p + 1] = l;
    }
    this.firstOut = compactOut;
    this.indexIncomingLinks();
  }

  private writeLink(l: number, p: number, s: number, link: Link): void {
    const format = lagFormatCode(link.lagFormat);
    this.linkP[l] = p;
    this.linkS[l] = s;
    this.linkTarget[l] = this.targetOf(s);
    this.linkType[l] = typeCode(link.type);
    this.linkFormat[l] = format;
    this.linkLag[l] = format === PERCENT_LAG ? link.lag : Math.round(link.lag);
  }

  /** Which links reach each node, from the links' targets. */
  private indexIncomingLinks(): void {
    const live = this.linkTarget.length;
    const firstIn = new Int32Array(this.nodes + 1);
    for (let k = 0; k < live; k++) firstIn[this.linkTarget[k]! + 1]!++;
    for (let v = 0; v < this.nodes; v++) firstIn[v + 1] = firstIn[v + 1]! + firstIn[v]!;
    const inLink = new Int32Array(live);
    const inFilled = firstIn.slice(0, this.nodes);
    for (let k = 0; k < live; k++) inLink[inFilled[this.linkTarget[k]!]!++] = k;
    this.firstIn = firstIn;
    this.inLink = inLink;
  }

  private targetOf(task: number): number {
    const e = this.entry[task]!;
    return e >= 0 ? e : task;
  }

  /**
   * Adds (kind 'link') or removes one link between tasks p and s, keeping the links grouped by
   * predecessor: an edit shifts the arrays rather than building them from the model again.
   */
  private editLink(p: number, s: number, link: Link | undefined): void {
    const existing = this.linkBetween(p, s);
    if (link && existing >= 0) {
      this.writeLink(existing, p, s, link);
      return;
    }
    if (!link && existing < 0) return;
    const at = link ? this.firstOut[p + 1]! : existing;
    const removed = link ? 0 : 1;
    const added = link ? 1 : 0;
    this.linkP = spliced(this.linkP, at, removed, added);
    this.linkS = spliced(this.linkS, at, removed, added);
    this.linkTarget = spliced(this.linkTarget, at, removed, added);
    this.linkType = spliced(this.linkType, at, removed, added);
    this.linkFormat = spliced(this.linkFormat, at, removed, added);
    this.linkLag = spliced(this.linkLag, at, removed, added);
    if (link) this.writeLink(at, p, s, link);
    for (let i = p + 1; i <= this.n; i++) this.firstOut[i] = this.firstOut[i]! + added - removed;
    this.indexIncomingLinks();
  }

  /** The link from task p to task s, or -1. */
  private linkBetween(p: number, s: number): number {
    for (let l = this.firstOut[p]!; l < this.firstOut[p + 1]!; l++) if (this.linkS[l] === s) return l;
    return -1;
  }

  /** Successor nodes of a node in the network (links, outline). */
  private forEachSuccessor(v: number, visit: (w: number) => void): void {
    if (v < this.n) {
      for (let l = this.firstOut[v]!; l < this.firstOut[v + 1]!; l++) visit(this.linkTarget[l]!);
      const p = this.parent[v]!;
      if (p >= 0) visit(p);
    } else {
      const summary = this.entryTask[v - this.n]!;
      for (let k = this.firstChild[summary]!; k < this.firstChild[summary + 1]!; k++) visit(this.targetOf(this.childAt[k]!));
    }
  }

  /** Topological order of the nodes (Kahn); a loop throws ScheduleLoopError naming its tasks. */
  private sort(): void {
    const nodes = this.nodes;
    const n = this.n;
    // Successors in one flat array (CSR): the order is built for every full run.
    const first = new Int32Array(nodes + 1);
    for (let v = 0; v < n; v++) first[v + 1] = this.firstOut[v + 1]! - this.firstOut[v]! + (this.parent[v]! >= 0 ? 1 : 0);
    for (let v = n; v < nodes; v++) {
      const summary = this.entryTask[v - n]!;
      first[v + 1] = this.firstChild[summary + 1]! - this.firstChild[summary]!;
    }
    for (let v = 0; v < nodes; v++) first[v + 1] = first[v + 1]! + first[v]!;
    const next = new Int32Array(first[nodes]!);
    const indegree = new Int32Array(nodes);
    for (let v = 0, k = 0; v < nodes; v++) {
      if (v < n) {
        for (let l = this.firstOut[v]!; l < this.firstOut[v + 1]!; l++) next[k++] = this.linkTarget[l]!;
        if (this.parent[v]! >= 0) next[k++] = this.parent[v]!;
      } else {
        const summary = this.entryTask[v - n]!;
        for (let c = this.firstChild[summary]!; c < this.firstChild[summary + 1]!; c++) next[k++] = this.targetOf(this.childAt[c]!);
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
      if (full) this.startFromEarlyDates();
      else for (let v = 0; v < this.nodes; v++) if (this.fwdChanged[v]) this.schedDirty[v] = 1;
      this.forwardPass(true);
    }
    this.publish(full);
  }

  /**
   * Before a full run's pass placing "as late as possible" tasks: scheduled dates differ from
   * early ones only downstream of such a task, so they start as copies and only those tasks are
   * placed anew (the pass then follows only what they move).
   */
  private startFromEarlyDates(): void {
    this.sS.set(this.eS);
    this.sF.set(this.eF);
    this.sBroken.set(this.eBroken);
    this.schedDirty.fill(0);
    for (let i = 0; i < this.n; i++) if (this.entry[i]! < 0 && this.tasks[i]!.constraint.type === 'ALAP') this.schedDirty[i] = 1;
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
        for (let l = this.firstOut[v]!; l < this.firstOut[v + 1]!; l++) dirty[this.linkTarget[l]!] = 1;
        if (this.parent[v]! >= 0) dirty[this.parent[v]!] = 1;
      } else {
        const summary = this.entryTask[v - this.n]!;
        for (let c = this.firstChild[summary]!; c < this.firstChild[summary + 1]!; c++) dirty[this.targetOf(this.childAt[c]!)] = 1;
      }
      this.markOut(v);
    }
  }

  /** Marks a node's task, and the predecessors whose free float it holds, for publishing. */
  private markOut(v: number): void {
    const task = v < this.n ? v : this.entryTask[v - this.n]!;
    this.outDirty[task] = 1;
    this.markPredecessors(v, this.outDirty);
    // Links into a summary end at its entry node, yet their free float reads the summary's own dates.
    const e = this.entry[task]!;
    if (e >= 0 && e !== v) this.markPredecessors(e, this.outDirty);
  }

  /** Marks the predecessor task of every link into a node. */
  private markPredecessors(v: number, marks: Uint8Array): void {
    for (let k = this.firstIn[v]!; k < this.firstIn[v + 1]!; k++) marks[this.linkP[this.inLink[k]!]!] = 1;
  }

  /** The lag of a link in minutes (percent lags are a share of the predecessor's duration). */
  private lagOf(l: number): number {
    const lag = this.linkLag[l]!;
    return this.linkFormat[l] === PERCENT_LAG ? Math.round((lag / 100) * this.durEff[this.linkP[l]!]!) : lag;
  }

  /** The date a link holds its successor's start (or finish) to, from the predecessor's dates. */
  private forwardBound(l: number, starts: Float64Array, finishes: Float64Array): WallTime {
    const p = this.linkP[l]!;
    const anchor = fromFinish(this.linkType[l]!) ? finishes[p]! : starts[p]!;
    const lag = this.lagOf(l);
    if (lag === 0) return anchor;
    if (this.linkFormat[l] === ELAPSED_LAG) return anchor + lag;
    const cal = this.cal[this.linkS[l]!]!;
    return cal.finishOf(cal.work(anchor) + lag);
  }

  /** The clock a link's successor end counts in: a summary's calendar, or the task's own clock. */
  private successorClock(l: number): Clock {
    const s = this.linkS[l]!;
    return this.linkTarget[l]! >= this.n ? this.cal[s]! : this.clock[s]!;
  }

  /**
   * The latest date the predecessor's finish (or start) may take without pushing the successor
   * past a limit, its late (or early) start (or finish), given as the latest moment with the
   * limit's count in the successor's clock: the forward bound turned round.
   */
  private backwardBound(l: number, latest: WallTime): WallTime {
    const s = this.linkS[l]!;
    const lag = this.lagOf(l);
    if (lag === 0) return latest;
    if (this.linkFormat[l] === ELAPSED_LAG) return latest - lag;
    const cal = this.cal[s]!;
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
      for (let k = this.firstIn[v]!; k < this.firstIn[v + 1]!; k++) {
        const l = this.inLink[k]!;
        const bound = this.forwardBound(l, S, F);
        if (toStart(this.linkType[l]!)) startBound = Math.max(startBound, bound);
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
    for (let k = this.firstIn[e]!; k < this.firstIn[e + 1]!; k++) {
      const l = this.inLink[k]!;
      const bound = this.forwardBound(l, S, F);
      if (toStart(this.linkType[l]!)) startBound = Math.max(startBound, bound);
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
    for (let k = this.firstChild[v]!; k < this.firstChild[v + 1]!; k++) {
      const c = this.childAt[k]!;
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
        this.markPredecessors(v, dirty);
        const p = this.parent[this.entryTask[v - this.n]!]!;
        if (p >= 0) dirty[this.entry[p]!] = 1;
        this.markOut(v);
      } else if (this.entry[v]! >= 0) {
        // A summary's bounds reach its children (whose early starts they compare with, too).
        if (!this.backwardRollup(v) && !this.fwdChanged[v]) continue;
        for (let k = this.firstChild[v]!; k < this.firstChild[v + 1]!; k++) dirty[this.childAt[k]!] = 1;
      } else {
        if (!this.backwardLeaf(v)) continue;
        this.markPredecessors(v, dirty);
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
    for (let l = this.firstOut[v]!; l < this.firstOut[v + 1]!; l++) {
      const type = this.linkType[l]!;
      const bound = this.backwardBound(l, this.lateLimit(l));
      if (fromFinish(type)) finishBound = Math.min(finishBound, bound);
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
    // Counted afresh even when the dates stay: the task's clock may have changed.
    this.lSW[v] = w - dur;
    this.lFW[v] = w;
    if (this.lS[v] === start && this.lF[v] === finish) return false;
    this.lS[v] = start;
    this.lF[v] = finish;
    return true;
  }

  /**
   * The late date of its successor a link holds its predecessor to, as the latest moment with
   * its count in the successor's clock. A task keeps its late dates' counts, and its late start
   * (unless a milestone's) is such a moment already; a summary's come from its children.
   */
  private lateLimit(l: number): WallTime {
    const t = this.linkTarget[l]!;
    const atStart = toStart(this.linkType[l]!);
    if (t >= this.n) {
      const cal = this.cal[this.linkS[l]!]!;
      return cal.startOf(cal.work(atStart ? this.lS[t]! : this.lF[t]!));
    }
    if (atStart && this.durEff[t]! > 0) return this.lS[t]!;
    return this.clock[t]!.startOf(atStart ? this.lSW[t]! : this.lFW[t]!);
  }

  private backwardRollup(v: number): boolean {
    let finishBound = INF;
    let startBound = INF;
    const p = this.parent[v]!;
    if (p >= 0) {
      finishBound = this.rLf[p]!;
      if (this.eS[v] === this.eS[p]) startBound = this.rLs[p]!;
    }
    for (let l = this.firstOut[v]!; l < this.firstOut[v + 1]!; l++) {
      const type = this.linkType[l]!;
      const bound = this.backwardBound(l, this.lateLimit(l));
      if (fromFinish(type)) finishBound = Math.min(finishBound, bound);
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
    for (let k = this.firstChild[summary]!; k < this.firstChild[summary + 1]!; k++) {
      const c = this.childAt[k]!;
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
    for (let l = this.firstOut[i]!; l < this.firstOut[i + 1]!; l++) freeFloat = Math.min(freeFloat, this.slackBefore(l));
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

  /**
   * Working minutes of the predecessor's clock its finish (or start) may slip before the link
   * moves the successor's early dates.
   */
  private slackBefore(l: number): number {
    const p = this.linkP[l]!;
    const type = this.linkType[l]!;
    const own = fromFinish(type) ? this.eFW[p]! : this.eSW[p]!;
    const t = this.linkTarget[l]!;
    let limitW: number;
    if (t < this.n) {
      limitW = toStart(type) ? this.eSW[t]! : this.eFW[t]!;
    } else {
      const summary = this.linkS[l]!;
      limitW = this.cal[summary]!.work(toStart(type) ? this.eS[summary]! : this.eF[summary]!);
    }
    const clock = this.clock[p]!;
    // Without a lag, in one clock, the predecessor may reach the limit's own count.
    if (clock === this.successorClock(l) && this.lagOf(l) === 0) return limitW - own;
    return clock.work(this.backwardBound(l, this.successorClock(l).startOf(limitW))) - own;
  }

  // ---- incremental changes ----

  update(change: ScheduleChange): ScheduleResult {
    if (change.kind === 'link' || change.kind === 'unlink') return this.updateLink(change);
    const i = this.indexOf(change.taskId);
    if (i < 0) throw new Error(`No task ${change.taskId} in the schedule`);
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
    for (let l = this.firstOut[i]!; l < this.firstOut[i + 1]!; l++) {
      this.fwdDirty[this.linkTarget[l]!] = 1;
      this.schedDirty[this.linkTarget[l]!] = 1;
    }
  }

  private updateLink(change: Extract<ScheduleChange, { kind: 'link' | 'unlink' }>): ScheduleResult {
    const from = change.kind === 'link' ? change.link.from : change.from;
    const to = change.kind === 'link' ? change.link.to : change.to;
    const others = this.model.links.filter((l) => l.from !== from || l.to !== to);
    const links = change.kind === 'link' ? [...others, change.link] : others;
    const model = { ...this.model, links };
    const p = this.indexOf(from);
    const s = this.indexOf(to);
    if (p < 0 || s < 0 || p === s) {
      this.model = model;
      return this.result;
    }
    if (change.kind === 'link' && this.linkBetween(p, s) < 0 && this.pos[p]! >= this.pos[this.targetOf(s)]!) {
      // The new link runs against the current order: order afresh (a loop throws here, untouched).
      const engine = new Engine(model);
      Object.assign(this, engine);
      return this.result;
    }
    this.model = model;
    this.editLink(p, s, change.kind === 'link' ? change.link : undefined);
    this.markEdited(p);
    this.markEdited(s);
    this.outDirty[p] = 1;
    this.run(false);
    return this.result;
  }
}

/** A copy of a typed array with `removed` items at `at` taken out and room for `added` there. */
function spliced<A extends Int32Array | Uint8Array | Float64Array>(array: A, at: number, removed: number, added: number): A {
  const copy = new (array.constructor as new (length: number) => A)(array.length - removed + added);
  copy.set(array.subarray(0, at));
  copy.set(array.subarray(at + removed), at + added);
  return copy;
}

function sameTask(a: ScheduledTask, b: ScheduledTask): boolean {
  for (const key of Object.keys(a) as (keyof ScheduledTask)[]) if (a[key] !== b[key]) return false;
  return true;
}
