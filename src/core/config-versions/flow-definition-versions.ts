import { configVersions } from './config-versions.ts';

/** Versions of approval flow definitions (src/core/flows/flow-definition.ts): a form's draft and published flows and each running record's copy. */
export const FLOW_DEFINITION_VERSION = 1;

export const flowDefinitionVersions = configVersions('flow definition', FLOW_DEFINITION_VERSION, [
  // A flow without a version was never accepted (the flow schema asks for 1); the step reads one as version 1 all the same.
  { from: 0, migrate: (config) => config },
]);

export const upgradeFlowDefinition = (raw: unknown): unknown => flowDefinitionVersions.upgrade(raw);
