import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { validators as precompiled } from 'virtual:plinth/widget-props-validators';
import { WIDGET_SCHEMA_KEYWORDS } from '../../core/pages/widget-refs.ts';
import { createAjv, errorFieldPath } from '../../core/validation/ajv.ts';
import type { WidgetPropsSchema } from '../../../widgets/types.ts';

export interface PropsProblem {
  /** Where the bad value is, from the widget: `props.series[0].field`. */
  path: string;
  message: string;
}

export type PropsCheck = { ok: true; props: Record<string, unknown> } | { ok: false; problems: PropsProblem[] };

const validators = new WeakMap<WidgetPropsSchema, ValidateFunction>();
let ajv: Ajv | null = null;

/**
 * The validation of a props schema: generated at build time for every widget folder (the
 * page's script policy forbids compiling in the browser); compiled here only for a schema
 * that has none, which works where no such policy applies (tests, tools).
 */
function validatorOf(schema: WidgetPropsSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    const id = typeof schema.$id === 'string' ? schema.$id : undefined;
    validate = (id && precompiled[id]) || (ajv ??= createAjv({ allErrors: true, useDefaults: true, keywords: WIDGET_SCHEMA_KEYWORDS })).compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks a widget's props against its type's schema; on success they come back with the schema's defaults. */
export function checkWidgetProps(schema: WidgetPropsSchema, props: Record<string, unknown> | undefined): PropsCheck {
  const validate = validatorOf(schema);
  // A copy: defaults are written into it, and the stored config stays as it was.
  const copy = structuredClone(props ?? {});
  if (validate(copy)) return { ok: true, props: copy };
  const problems = (validate.errors ?? [])
    // `if`/`then` and `anyOf` repeat what their branches said.
    .filter((error) => error.keyword !== 'if' && error.keyword !== 'anyOf')
    .map((error) => {
      const field = errorFieldPath(error);
      let message = error.message ?? 'is invalid';
      if (error.keyword === 'required') message = 'is required';
      if (error.keyword === 'additionalProperties') message = 'is not an allowed property';
      if (error.keyword === 'enum') message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      return { path: field ? `props.${field}`.replace('.[', '[') : 'props', message };
    });
  return { ok: false, problems: dedupe(problems) };
}

function dedupe(problems: PropsProblem[]): PropsProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
