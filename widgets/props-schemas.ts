import { widgetRegistry } from './registry.ts';

/** Widget type -> JSON Schema of its props; what the page validator checks `props` against. */
export const widgetPropsSchemas: Record<string, object> = Object.fromEntries(
  Object.entries(widgetRegistry).map(([type, definition]) => [type, definition.propsSchema]),
);
