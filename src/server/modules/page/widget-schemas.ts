import fs from 'node:fs';
import path from 'node:path';
import type { PageConfigProblem } from '../../../core/pages/page-config-problems.ts';
import { pageConfigValidator } from '../../../core/pages/validate-page-config.ts';
import { widgetRefsOf, type WidgetRefs } from '../../../core/pages/widget-refs.ts';
import { PROJECT_ROOT } from '../../project-root.ts';

/**
 * The widget types the server knows: each folder of widgets/ that holds a props.schema.json,
 * named by the folder (as the page editor's build finds them). The server reads those schemas
 * alone, from disk, and never the widgets' code: their components are the browser's, so no
 * React or widget module is part of the server's bundle.
 */
export const WIDGETS_DIR = path.join(PROJECT_ROOT, 'widgets');

/** Widget type -> its props schema. */
export function readWidgetPropsSchemas(dir = WIDGETS_DIR): Record<string, object> {
  const schemas: Record<string, object> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name, 'props.schema.json');
    if (entry.isDirectory() && fs.existsSync(file)) schemas[entry.name] = JSON.parse(fs.readFileSync(file, 'utf8')) as object;
  }
  return schemas;
}

let known: { validate: (config: unknown) => PageConfigProblem[]; refs: Record<string, WidgetRefs> } | undefined;

/** Read on first use, then kept: the folders change only with a new version of Plinth. */
function widgets() {
  if (!known) {
    const schemas = readWidgetPropsSchemas();
    known = {
      validate: pageConfigValidator(schemas),
      refs: Object.fromEntries(Object.entries(schemas).map(([type, schema]) => [type, widgetRefsOf(schema)])),
    };
  }
  return known;
}

/** Every problem of a page config's shape and inner links, widget props checked against their type's schema. */
export function validatePageConfig(config: unknown): PageConfigProblem[] {
  return widgets().validate(config);
}

/** Widget type -> its props that name a stored thing. */
export function widgetRefs(): Readonly<Record<string, WidgetRefs>> {
  return widgets().refs;
}
