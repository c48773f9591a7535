import { formDatasetCode } from '../query/form-dataset.ts';
import type { PageConfig } from './page-config.ts';
import type { PageConfigProblem } from './page-config-problems.ts';
import { problem } from '../validation/problems.ts';

/**
 * Props that name a stored thing, as a widget's props schema marks them: a top-level property
 * with `"x-refers-to": "form"` holds a form's id. The editors offer such things and the server
 * checks the names against what the tenant has, so the mark lives in the schema, the one part
 * of a widget both read.
 */
export const REFERS_TO = 'x-refers-to';

/** The annotations a widget props schema may carry besides JSON Schema's own (ajv's `keywords` option). */
export const WIDGET_SCHEMA_KEYWORDS: string[] = [REFERS_TO];

export const REFERENCE_KINDS = ['form'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** Prop name -> what it names. */
export type WidgetRefs = Readonly<Record<string, ReferenceKind>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The marked props of a props schema. */
export function widgetRefsOf(schema: object): WidgetRefs {
  const properties = (schema as { properties?: unknown }).properties;
  if (!isObject(properties)) return {};
  const refs: Record<string, ReferenceKind> = {};
  for (const [name, property] of Object.entries(properties)) {
    const kind = isObject(property) ? property[REFERS_TO] : undefined;
    if ((REFERENCE_KINDS as readonly unknown[]).includes(kind)) refs[name] = kind as ReferenceKind;
  }
  return refs;
}

/**
 * Problems of a well-formed page config's widget props that name a stored thing the page may
 * not show: a form must be one of `datasets` (a published form's records, which a public
 * website's datasets never hold). `refs`: widget type -> its marked props.
 */
export function widgetReferenceProblems(
  config: PageConfig,
  refs: Readonly<Record<string, WidgetRefs>>,
  datasets: { has(code: string): boolean },
): PageConfigProblem[] {
  const problems: PageConfigProblem[] = [];
  config.widgets.forEach((widget, i) => {
    const marked = Object.hasOwn(refs, widget.type) ? refs[widget.type]! : {};
    for (const [prop, kind] of Object.entries(marked)) {
      const value = widget.props?.[prop];
      if (value === undefined || kind !== 'form') continue;
      if (typeof value !== 'number' || !datasets.has(formDatasetCode(value))) {
        problems.push(problem(`widgets[${i}].props.${prop}`, 'notShowableForm', {}, `${JSON.stringify(value)} is not a published form this page may show`));
      }
    }
  });
  return problems;
}
