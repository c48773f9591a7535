import { pageConfigValidators } from 'virtual:plinth/page-config-validators';
import { checkPageConfig, pageDatasetProblems } from '../../../core/pages/page-config-problems.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import { widgetReferenceProblems } from '../../../core/pages/widget-refs.ts';
import type { DatasetShape } from '../../../core/query/check-query.ts';
import type { ProblemParams } from '../../../core/validation/problems.ts';
import { widgetRegistry } from '../../../../widgets/registry.ts';
import { lineOfOffset, locateJsonPath, parseJsonText, type TextRange } from './json-locations.ts';

/** A problem of the config text, placed where the editor marks it. */
export interface ConfigProblem extends TextRange {
  /** 1-based line of `from`. */
  line: number;
  /** `widgets[0].props.kind`; '' for the whole document or a syntax error. */
  path: string;
  /** The checks' own wording; empty for a syntax error, which `syntax` names for translation. */
  message: string;
  /** jsonc-parser's code of a syntax error: `CommaExpected`, ... */
  syntax?: string;
  /** The checks' sentence key and its parameters (`errors:problem.*`), for the reader's language. */
  key?: string;
  params?: ProblemParams;
  /** `server`: what the last save was refused for. */
  source: 'syntax' | 'config' | 'server';
}

export interface ConfigAnalysis {
  /** The parsed document, or null while it is not JSON. */
  config: unknown;
  problems: ConfigProblem[];
}

/**
 * Checks the editor's text as the server will: JSON syntax, then the page rules with the
 * validators generated at build time, then (when the tenant's datasets are known) each
 * widget query against its dataset, and the forms widget props name among them.
 */
export function analyseConfigText(text: string, datasets: ReadonlyMap<string, DatasetShape> | null): ConfigAnalysis {
  const { tree, errors } = parseJsonText(text);
  if (errors.length > 0) {
    return { config: null, problems: errors.map((e) => ({ ...e, line: lineOfOffset(text, e.from), path: '', message: '', syntax: e.code, source: 'syntax' })) };
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    // jsonc-parser let something through that JSON does not allow.
    return { config: null, problems: [{ from: 0, to: 0, line: 1, path: '', message: (error as Error).message, source: 'syntax' }] };
  }
  let found = checkPageConfig(config, pageConfigValidators);
  if (found.length === 0 && datasets) found = [...pageDatasetProblems(config as PageConfig, datasets), ...widgetReferenceProblems(config as PageConfig, WIDGET_REFS, datasets)];
  return { config, problems: found.map((p) => ({ ...placeProblem(text, tree, p.path, p.message, 'config'), key: p.key, params: p.params })) };
}

/** A problem at a config path, placed in `text` (parsed again unless its tree is given). */
export function placeProblem(
  text: string,
  tree: ReturnType<typeof parseJsonText>['tree'] | null,
  path: string,
  message: string,
  source: ConfigProblem['source'],
): ConfigProblem {
  const range = locateJsonPath(tree ?? parseJsonText(text).tree, path);
  return { ...range, line: lineOfOffset(text, range.from), path, message, source };
}

/** Widget type -> its props that name a stored thing, as its registry entry says. */
const WIDGET_REFS = Object.fromEntries(widgetRegistry.types.map((type) => [type, widgetRegistry.definition(type)!.data.refs]));

const WIDGET_CONTENT = /^widgets\[\d+\]\.(props|data)([.[]|$)/;

/**
 * True when the renderer can draw the document: it is JSON and nothing is wrong outside the
 * widgets' props and queries, which each cell reports in place.
 */
export const isPreviewable = (analysis: ConfigAnalysis): boolean =>
  analysis.config !== null && analysis.problems.every((p) => p.source !== 'syntax' && WIDGET_CONTENT.test(p.path));
