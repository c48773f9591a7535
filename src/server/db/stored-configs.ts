import { NewerConfigVersionError, type ConfigVersions } from '../../core/config-versions/config-versions.ts';
import { flowDefinitionVersions } from '../../core/config-versions/flow-definition-versions.ts';
import { formDesignVersions } from '../../core/config-versions/form-design-versions.ts';
import { pageConfigVersions } from '../../core/config-versions/page-config-versions.ts';
import type { FlowDefinition } from '../../core/flows/flow-definition.ts';
import type { FormDesign } from '../../core/forms/form-design.ts';
import type { PageConfig } from '../../core/pages/page-config.ts';
import { ResultCode } from '../../core/result-codes.ts';
import { AppError, badRequest } from '../errors.ts';
import { readJson } from './json-column.ts';

/**
 * Configs at the current version of their format (src/core/config-versions): as read from a
 * column, and as a request sends them before they are checked. A version newer than this
 * server knows is refused by name: 500 for a stored one (a later release wrote it; saving over
 * it would lose what it holds), 400 at `<field>.version` for a sent one.
 */

function upgradeStored(versions: ConfigVersions, config: unknown): unknown {
  try {
    return versions.upgrade(config);
  } catch (error) {
    if (error instanceof NewerConfigVersionError) throw new AppError(500, ResultCode.SERVER_ERROR, `A stored ${error.message}; run that release or a later one`);
    throw error;
  }
}

/** A config a request sends (`field` names it, e.g. `config`), at the current version for the checks to judge. */
export function upgradeSentConfig(versions: ConfigVersions, config: unknown, field: string): unknown {
  try {
    return versions.upgrade(config);
  } catch (error) {
    if (error instanceof NewerConfigVersionError) throw badRequest(`${field}.version`, `${error.version} is newer than the ${error.kind} version this server knows (${error.current})`);
    throw error;
  }
}

/** A page's or plate's config column. */
export const readPageConfig = (value: unknown): PageConfig => upgradeStored(pageConfigVersions, readJson(value)) as PageConfig;

export const readFormDesign = (value: unknown): FormDesign => upgradeStored(formDesignVersions, readJson(value)) as FormDesign;

export const readFlow = (value: unknown): FlowDefinition => upgradeStored(flowDefinitionVersions, readJson(value)) as FlowDefinition;

/** A form's flow column: null when the form has no flow. */
export const readFlowOrNull = (value: unknown): FlowDefinition | null => (value === null || value === undefined ? null : readFlow(value));

export const upgradeSentPageConfig = (config: unknown, field = 'config') => upgradeSentConfig(pageConfigVersions, config, field);
export const upgradeSentFormDesign = (design: unknown, field = 'design') => upgradeSentConfig(formDesignVersions, design, field);
export const upgradeSentFlow = (flow: unknown, field = 'flow') => upgradeSentConfig(flowDefinitionVersions, flow, field);
