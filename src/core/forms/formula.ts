/**
 * Computed-field formulas: parsed by jsep into a syntax tree, checked against a whitelist, and
 * evaluated by the small interpreter below. Nothing is ever handed to eval or Function, values
 * have no members to reach, only the listed functions can be called, and evaluation problems
 * come back as `{ error }` values instead of exceptions.
 */
import jsep from 'jsep';
import {
  addDays,
  addMonths,
  datePartsAt,
  daysBetween,
  DEFAULT_UTC_OFFSET_MINUTES,
  formatIsoDate,
  monthsBetween,
  parseIsoDate,
} from './calendar.ts';
import { valueFields, type FieldDesign, type FormDesign, type RecordData } from './form-design.ts';

// `^` is the spreadsheet power operator (right-associative, above * and /), not bitwise xor.
jsep.addBinaryOp('^', 11, true);

export const MAX_FORMULA_LENGTH = 1000;
export const MAX_FORMULA_DEPTH = 32;
export const MAX_FORMULA_NODES = 400;
/** Longest text a formula may build: nesting CONCAT could otherwise double a string per level. */
export const MAX_FORMULA_TEXT = 10_000;

export type FormulaValue = number | string | boolean | null | FormulaValue[];
export type FormulaResult = { value: FormulaValue } | { error: string };

export interface ParsedFormula {
  source: string;
  ast: jsep.Expression;
  /** Field keys read (`qty`), and sub-table columns as `items.amount`. */
  dependencies: string[];
}

const AGGREGATES = new Set(['SUM', 'AVG', 'MIN', 'MAX', 'COUNT']);
export const FORMULA_FUNCTIONS = [
  'SUM', 'AVG', 'MIN', 'MAX', 'COUNT', 'ROUND', 'ABS', 'IF', 'CONCAT', 'LEN', 'UPPER', 'LOWER', 'TODAY', 'DATEDIF', 'DATEADD',
] as const;
type FunctionName = (typeof FORMULA_FUNCTIONS)[number];
const FUNCTION_NAMES: ReadonlySet<string> = new Set(FORMULA_FUNCTIONS);
const ARITY: Record<FunctionName, [min: number, max: number]> = {
  SUM: [1, 100], AVG: [1, 100], MIN: [1, 100], MAX: [1, 100], COUNT: [1, 100], ROUND: [1, 2], ABS: [1, 1], IF: [3, 3],
  CONCAT: [1, 100], LEN: [1, 1], UPPER: [1, 1], LOWER: [1, 1], TODAY: [0, 0], DATEDIF: [3, 3], DATEADD: [2, 3],
};
const BINARY_OPERATORS = new Set(['+', '-', '*', '/', '%', '^', '==', '!=', '===', '!==', '<', '>', '<=', '>=', '&&', '||']);
const UNARY_OPERATORS = new Set(['-', '+', '!']);

class FormulaSyntaxError extends Error {}

function refuse(message: string): never {
  throw new FormulaSyntaxError(message);
}

const FUNCTION_LIST = FORMULA_FUNCTIONS.join(', ');

/** Walks the tree once: refuses everything outside the whitelist, collects the references. */
function checkNode(node: jsep.Expression, depth: number, count: { nodes: number }, deps: Set<string>, inAggregate: boolean): void {
  if (depth > MAX_FORMULA_DEPTH) refuse(`the formula nests deeper than ${MAX_FORMULA_DEPTH} levels`);
  if (++count.nodes > MAX_FORMULA_NODES) refuse(`the formula has more than ${MAX_FORMULA_NODES} parts`);
  const next = (child: jsep.Expression, aggregate = false) => checkNode(child, depth + 1, count, deps, aggregate);
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (!['number', 'string', 'boolean'].includes(typeof value) && value !== null) refuse(`${(node as jsep.Literal).raw} is not allowed`);
      return;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (FUNCTION_NAMES.has(name.toUpperCase()) && name === name.toUpperCase()) refuse(`${name} is a function: call it as ${name}(...)`);
      deps.add(name);
      return;
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const table = member.object.type === 'Identifier' ? (member.object as jsep.Identifier).name : null;
      const column = !member.computed && member.property.type === 'Identifier' ? (member.property as jsep.Identifier).name : null;
      if (member.object.type !== 'Identifier') next(member.object);
      if (member.computed) refuse('indexing with [...] is not allowed in a formula');
      if (!table || !column) refuse('only a sub-table column (table.column) may follow a dot');
      if (!inAggregate) refuse(`${table}.${column}: sub-table columns can only be used inside SUM, AVG, MIN, MAX or COUNT`);
      deps.add(`${table}.${column}`);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') refuse(`only these functions can be called: ${FUNCTION_LIST}`);
      const name = (call.callee as jsep.Identifier).name.toUpperCase();
      if (!FUNCTION_NAMES.has(name)) refuse(`${(call.callee as jsep.Identifier).name} is not a function; use one of ${FUNCTION_LIST}`);
      const [min, max] = ARITY[name as FunctionName];
      if (call.arguments.length < min || call.arguments.length > max) {
        refuse(min === max ? `${name} takes ${min} argument(s)` : `${name} takes ${min} to ${max} arguments`);
      }
      for (const arg of call.arguments) next(arg, AGGREGATES.has(name));
      return;
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY_OPERATORS.has(unary.operator)) refuse(`the operator ${unary.operator} is not allowed`);
      next(unary.argument);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY_OPERATORS.has(binary.operator)) refuse(`the operator ${binary.operator} is not allowed`);
      next(binary.left);
      next(binary.right);
      return;
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      next(conditional.test);
      next(conditional.consequent);
      next(conditional.alternate);
      return;
    }
    case 'ThisExpression':
      refuse('`this` is not allowed in a formula');
      break;
    case 'ArrayExpression':
      refuse('lists ([...]) are not allowed in a formula');
      break;
    case 'Compound':
    case 'SequenceExpression':
      refuse('a formula is one expression');
      break;
    default:
      refuse(`${node.type} is not allowed in a formula`);
  }
}

const parseCache = new Map<string, ParsedFormula | { error: string }>();
const PARSE_CACHE_LIMIT = 1000;

/** Parses and checks a formula; `{ error }` says what is wrong with it. */
export function parseFormula(source: string): ParsedFormula | { error: string } {
  const cached = parseCache.get(source);
  if (cached) return cached;
  const parsed = parseUncached(source);
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
  parseCache.set(source, parsed);
  return parsed;
}

function parseUncached(source: string): ParsedFormula | { error: string } {
  if (typeof source !== 'string' || !source.trim()) return { error: 'the formula is empty' };
  if (source.length > MAX_FORMULA_LENGTH) return { error: `the formula is longer than ${MAX_FORMULA_LENGTH} characters` };
  try {
    const ast = jsep(source);
    const deps = new Set<string>();
    checkNode(ast, 0, { nodes: 0 }, deps, false);
    return { source, ast, dependencies: [...deps] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: error instanceof FormulaSyntaxError ? message : `syntax error: ${message}` };
  }
}

/** Field keys a formula reads (`items.amount` for sub-table columns); [] when it does not parse. */
export function formulaDependencies(source: string): string[] {
  const parsed = parseFormula(source);
  return 'error' in parsed ? [] : parsed.dependencies;
}

/** What a formula can read. */
export interface FormulaScope {
  /** Top-level field keys of the form; other names are refused. Default: the keys of `values`. */
  fields?: ReadonlySet<string>;
  values: RecordData;
  /** Inside a sub-table row: its columns shadow top-level fields of the same name. */
  row?: { columns: ReadonlySet<string>; values: RecordData };
  /** Sub-table key -> its column keys (for `table.column`). Default: taken from the values. */
  subtables?: ReadonlyMap<string, ReadonlySet<string>>;
}

class FormulaError extends Error {}
const fail = (message: string): never => {
  throw new FormulaError(message);
};

/** A value as messages quote it: "text", 12, true, null, ["a"]. */
const describe = (value: FormulaValue): string => JSON.stringify(value);

/** A stored value as a formula value: scalars and lists of scalars; objects are not readable. */
function toFormulaValue(name: string, raw: unknown): FormulaValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw) && raw.every((x) => x === null || ['number', 'string', 'boolean'].includes(typeof x))) return raw as FormulaValue[];
  return fail(`${name} holds a value formulas cannot read`);
}

function truthy(value: FormulaValue): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function asNumber(value: FormulaValue, where: string): number {
  if (value === null || value === '') return 0;
  if (typeof value === 'number') return value;
  return fail(`${where}: ${describe(value)} is not a number`);
}

function asText(value: FormulaValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(asText).join(',');
  return String(value);
}

function checkText(text: string): string {
  return text.length > MAX_FORMULA_TEXT ? fail(`the text is longer than ${MAX_FORMULA_TEXT} characters`) : text;
}

function finite(value: number, operator: string): number {
  if (Number.isFinite(value)) return value;
  return fail(operator === '/' || operator === '%' ? 'division by zero' : 'the result is not a finite number');
}

function valuesEqual(a: FormulaValue, b: FormulaValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => valuesEqual(x, b[i] ?? null));
  }
  return a === b;
}

function compare(operator: string, a: FormulaValue, b: FormulaValue): boolean {
  const bothNumbers = typeof a === 'number' && typeof b === 'number';
  const bothText = typeof a === 'string' && typeof b === 'string';
  if (!bothNumbers && !bothText) return fail(`cannot compare ${describe(a)} with ${describe(b)}`);
  return operator === '<' ? a < b : operator === '>' ? a > b : operator === '<=' ? a <= b : a >= b;
}

function binary(operator: string, a: FormulaValue, b: FormulaValue): FormulaValue {
  switch (operator) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') return checkText(asText(a) + asText(b));
      return finite(asNumber(a, '+') + asNumber(b, '+'), operator);
    case '-':
      return finite(asNumber(a, '-') - asNumber(b, '-'), operator);
    case '*':
      return finite(asNumber(a, '*') * asNumber(b, '*'), operator);
    case '/':
      return finite(asNumber(a, '/') / asNumber(b, '/'), operator);
    case '%':
      return finite(asNumber(a, '%') % asNumber(b, '%'), operator);
    case '^':
      return finite(asNumber(a, '^') ** asNumber(b, '^'), operator);
    case '==':
    case '===':
      return valuesEqual(a, b);
    case '!=':
    case '!==':
      return !valuesEqual(a, b);
    default:
      return compare(operator, a, b);
  }
}

/**
 * Rounds half away from zero at `digits` decimals. Like a spreadsheet it first drops binary
 * noise past 15 significant digits, so 3 * 1.005 (3.0149999…) rounds to 3.02.
 */
export function roundTo(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const clean = Number(Math.abs(value).toPrecision(15));
  const rounded = Number(`${Math.round(Number(`${clean}e${digits}`))}e${-digits}`);
  return sign * rounded;
}

const flatten = (values: FormulaValue[]): FormulaValue[] => values.flatMap((v) => (Array.isArray(v) ? flatten(v) : [v]));
const filled = (values: FormulaValue[]) => flatten(values).filter((v) => v !== null && v !== '');

function dateArgument(value: FormulaValue, fn: string) {
  const parts = typeof value === 'string' ? parseIsoDate(value) : null;
  return parts ?? fail(`${fn}: ${describe(value)} is not a date (YYYY-MM-DD)`);
}

function unitArgument(value: FormulaValue, fn: string): 'D' | 'M' | 'Y' {
  const unit = typeof value === 'string' ? value.toUpperCase() : '';
  return unit === 'D' || unit === 'M' || unit === 'Y' ? unit : fail(`${fn}: the unit must be 'D', 'M' or 'Y'`);
}

class Evaluator {
  private readonly scope: FormulaScope;
  private readonly now: Date;
  private readonly utcOffsetMinutes: number;
  private readonly fields: ReadonlySet<string>;

  constructor(scope: FormulaScope, now: Date, utcOffsetMinutes: number) {
    this.scope = scope;
    this.now = now;
    this.utcOffsetMinutes = utcOffsetMinutes;
    this.fields = scope.fields ?? new Set(Object.keys(scope.values));
  }

  run(node: jsep.Expression): FormulaValue {
    switch (node.type) {
      case 'Literal':
        return (node as jsep.Literal).value as FormulaValue;
      case 'Identifier':
        return this.read((node as jsep.Identifier).name);
      case 'MemberExpression':
        return this.column(node as jsep.MemberExpression);
      case 'UnaryExpression': {
        const unary = node as jsep.UnaryExpression;
        const value = this.run(unary.argument);
        if (unary.operator === '!') return !truthy(value);
        const n = asNumber(value, unary.operator);
        return unary.operator === '-' ? -n : n;
      }
      case 'BinaryExpression': {
        const { operator, left, right } = node as jsep.BinaryExpression;
        if (operator === '&&') return truthy(this.run(left)) && truthy(this.run(right));
        if (operator === '||') return truthy(this.run(left)) || truthy(this.run(right));
        return binary(operator, this.run(left), this.run(right));
      }
      case 'ConditionalExpression': {
        const conditional = node as jsep.ConditionalExpression;
        return truthy(this.run(conditional.test)) ? this.run(conditional.consequent) : this.run(conditional.alternate);
      }
      case 'CallExpression':
        return this.call(node as jsep.CallExpression);
      default:
        // parseFormula refused every other node already; this guards hand-built trees.
        return fail(`${node.type} is not allowed in a formula`);
    }
  }

  private read(name: string): FormulaValue {
    const row = this.scope.row;
    if (row && row.columns.has(name)) return toFormulaValue(name, Object.hasOwn(row.values, name) ? row.values[name] : null);
    if (!this.fields.has(name)) return fail(`${name} is not a field of this form`);
    return toFormulaValue(name, Object.hasOwn(this.scope.values, name) ? this.scope.values[name] : null);
  }

  private column(member: jsep.MemberExpression): FormulaValue {
    const table = (member.object as jsep.Identifier).name;
    const column = (member.property as jsep.Identifier).name;
    const rows = this.fields.has(table) && Object.hasOwn(this.scope.values, table) ? this.scope.values[table] : undefined;
    const columns = this.scope.subtables?.get(table);
    if (!this.fields.has(table) || (this.scope.subtables && !columns)) return fail(`${table} is not a sub-table of this form`);
    if (columns && !columns.has(column)) return fail(`${column} is not a column of ${table}`);
    if (rows !== undefined && !Array.isArray(rows)) return fail(`${table} is not a sub-table of this form`);
    return (rows ?? []).map((row) => {
      const values = row && typeof row === 'object' ? (row as RecordData) : {};
      const value = toFormulaValue(`${table}.${column}`, Object.hasOwn(values, column) ? values[column] : null);
      return Array.isArray(value) ? fail(`${table}.${column} holds lists; aggregate a column of single values`) : value;
    });
  }

  private call(call: jsep.CallExpression): FormulaValue {
    const name = (call.callee as jsep.Identifier).name.toUpperCase() as FunctionName;
    if (name === 'IF') {
      const [test, then, otherwise] = call.arguments as [jsep.Expression, jsep.Expression, jsep.Expression];
      return truthy(this.run(test)) ? this.run(then) : this.run(otherwise);
    }
    const args = call.arguments.map((arg) => this.run(arg));
    return applyFunction(name, args, this.now, this.utcOffsetMinutes);
  }
}

function applyFunction(name: FunctionName, args: FormulaValue[], now: Date, utcOffsetMinutes: number): FormulaValue {
  switch (name) {
    case 'SUM':
      return filled(args).reduce<number>((sum, v) => finite(sum + asNumber(v, 'SUM'), '+'), 0);
    case 'AVG': {
      const numbers = filled(args).map((v) => asNumber(v, 'AVG'));
      return numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
    }
    case 'MIN':
    case 'MAX': {
      const numbers = filled(args).map((v) => asNumber(v, name));
      return numbers.length ? (name === 'MIN' ? Math.min(...numbers) : Math.max(...numbers)) : null;
    }
    case 'COUNT':
      return filled(args).length;
    case 'ROUND': {
      const digits = args[1] === undefined ? 0 : asNumber(args[1], 'ROUND');
      if (!Number.isInteger(digits) || digits < 0 || digits > 10) return fail('ROUND: the digits must be a whole number from 0 to 10');
      return roundTo(asNumber(args[0]!, 'ROUND'), digits);
    }
    case 'ABS':
      return Math.abs(asNumber(args[0]!, 'ABS'));
    case 'CONCAT':
      return checkText(args.map(asText).join(''));
    case 'LEN':
      return Array.isArray(args[0]) ? args[0].length : asText(args[0]!).length;
    case 'UPPER':
      return asText(args[0]!).toUpperCase();
    case 'LOWER':
      return asText(args[0]!).toLowerCase();
    case 'TODAY':
      return formatIsoDate(datePartsAt(now, utcOffsetMinutes));
    case 'DATEDIF': {
      if (args[0] === null || args[1] === null) return null;
      const start = dateArgument(args[0]!, 'DATEDIF');
      const end = dateArgument(args[1]!, 'DATEDIF');
      const unit = unitArgument(args[2]!, 'DATEDIF');
      if (unit === 'D') return daysBetween(start, end);
      const months = monthsBetween(start, end);
      return unit === 'M' ? months : Math.trunc(months / 12);
    }
    case 'DATEADD': {
      if (args[0] === null) return null;
      const date = dateArgument(args[0]!, 'DATEADD');
      const amount = asNumber(args[1]!, 'DATEADD');
      if (!Number.isInteger(amount)) return fail('DATEADD: the amount must be a whole number');
      const unit = args[2] === undefined ? 'D' : unitArgument(args[2], 'DATEADD');
      const moved = unit === 'D' ? addDays(date, amount) : addMonths(date, unit === 'M' ? amount : amount * 12);
      return formatIsoDate(moved);
    }
    case 'IF':
      return fail('IF is evaluated lazily');
  }
}

/** Evaluates a formula (source text or parsed); problems come back as `{ error }`. */
export function evaluateFormula(
  formula: string | ParsedFormula,
  scope: FormulaScope,
  now: Date,
  utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES,
): FormulaResult {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  if ('error' in parsed) return parsed;
  try {
    return { value: new Evaluator(scope, now, utcOffsetMinutes).run(parsed.ast) };
  } catch (error) {
    if (error instanceof FormulaError) return { error: error.message };
    if (error instanceof RangeError) return { error: 'the formula is too complex to evaluate' };
    throw error;
  }
}

/** A computed field's result in the shape its resultType stores; null when there is none. */
export function coerceComputedValue(field: FieldDesign, result: FormulaResult): FormulaValue {
  if ('error' in result) return null;
  const value = result.value;
  switch (field.resultType ?? 'number') {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
      return field.precision === undefined ? value : roundTo(value, field.precision);
    case 'text':
      return value === null ? null : asText(value);
    case 'date':
      return typeof value === 'string' && parseIsoDate(value) && value.length === 10 ? value : null;
    case 'boolean':
      return truthy(value);
  }
}

/** The node a formula reference orders after: `items.amount` -> `items`. */
const referencedKey = (dependency: string) => dependency.split('.')[0]!;

/**
 * Orders keys so each comes after the keys it depends on (among `keys`); null when they form
 * a cycle. `dependsOn` lists any keys, those outside `keys` are ignored.
 */
export function dependencyOrder(keys: string[], dependsOn: (key: string) => string[]): string[] | null {
  const known = new Set(keys);
  const state = new Map<string, 'visiting' | 'done'>();
  const order: string[] = [];
  const visit = (key: string): boolean => {
    const seen = state.get(key);
    if (seen === 'done') return true;
    if (seen === 'visiting') return false;
    state.set(key, 'visiting');
    for (const dep of dependsOn(key)) if (known.has(dep) && !visit(dep)) return false;
    state.set(key, 'done');
    order.push(key);
    return true;
  };
  return keys.every(visit) ? order : null;
}

interface ComputePlan {
  fields: Set<string>;
  subtables: Map<string, ReadonlySet<string>>;
  /** Top-level computed fields and sub-tables with computed columns, in evaluation order. */
  steps: ({ kind: 'field'; field: FieldDesign } | { kind: 'rows'; table: FieldDesign; columns: FieldDesign[] })[];
}

const computedOf = (fields: FieldDesign[]) => fields.filter((f) => f.type === 'computed' && f.formula);

/** What a sub-table's computed columns read outside their own row. */
function subtableOuterDependencies(table: FieldDesign): string[] {
  const columns = new Set((table.fields ?? []).map((c) => c.key));
  return computedOf(table.fields ?? []).flatMap((c) => formulaDependencies(c.formula!).filter((d) => !columns.has(referencedKey(d))).map(referencedKey));
}

/** Orders a row's computed columns; in a cycle, design order (validateFormDesign reports the cycle). */
function orderedRowColumns(table: FieldDesign): FieldDesign[] {
  const computed = computedOf(table.fields ?? []);
  const byKey = new Map(computed.map((c) => [c.key, c]));
  const order = dependencyOrder([...byKey.keys()], (key) => formulaDependencies(byKey.get(key)!.formula!));
  return order ? order.map((key) => byKey.get(key)!) : computed;
}

function planComputation(design: FormDesign): ComputePlan {
  const fields = valueFields(design);
  const subtables = new Map<string, ReadonlySet<string>>(
    fields.filter((f) => f.type === 'subtable').map((f) => [f.key, new Set((f.fields ?? []).map((c) => c.key))]),
  );
  const nodes = new Map<string, FieldDesign>();
  for (const field of fields) {
    if (field.type === 'computed' && field.formula) nodes.set(field.key, field);
    if (field.type === 'subtable' && computedOf(field.fields ?? []).length) nodes.set(field.key, field);
  }
  const dependsOn = (key: string) => {
    const field = nodes.get(key)!;
    return field.type === 'subtable' ? subtableOuterDependencies(field) : formulaDependencies(field.formula!).map(referencedKey);
  };
  const order = dependencyOrder([...nodes.keys()], dependsOn) ?? [...nodes.keys()];
  return {
    fields: new Set(fields.map((f) => f.key)),
    subtables,
    steps: order.map((key) => {
      const field = nodes.get(key)!;
      return field.type === 'subtable' ? { kind: 'rows', table: field, columns: orderedRowColumns(field) } : { kind: 'field', field };
    }),
  };
}

const planCache = new WeakMap<FormDesign, ComputePlan>();

/** Stores a computed result; an empty one leaves the key out, as an unfilled field would. */
function store(values: RecordData, key: string, value: FormulaValue): void {
  if (value === null) delete values[key];
  else values[key] = value;
}

/**
 * Fills every computed field, top level and in sub-table rows, in dependency order. The
 * input is not changed; a formula that fails leaves its field empty.
 */
export function computeFields(design: FormDesign, data: RecordData, now: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): RecordData {
  let plan = planCache.get(design);
  if (!plan) {
    plan = planComputation(design);
    planCache.set(design, plan);
  }
  if (plan.steps.length === 0) return data;
  const values: RecordData = { ...data };
  const base = { fields: plan.fields, values, subtables: plan.subtables };
  for (const step of plan.steps) {
    if (step.kind === 'field') {
      store(values, step.field.key, coerceComputedValue(step.field, evaluateFormula(step.field.formula!, base, now, utcOffsetMinutes)));
      continue;
    }
    const rows = values[step.table.key];
    if (!Array.isArray(rows)) continue;
    const columns = plan.subtables.get(step.table.key)!;
    values[step.table.key] = rows.map((row: unknown) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
      const rowValues: RecordData = { ...(row as RecordData) };
      for (const column of step.columns) {
        const result = evaluateFormula(column.formula!, { ...base, row: { columns, values: rowValues } }, now, utcOffsetMinutes);
        store(rowValues, column.key, coerceComputedValue(column, result));
      }
      return rowValues;
    });
  }
  return values;
}
