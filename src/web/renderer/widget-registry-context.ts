import { createContext, useContext } from 'react';
import { widgetRegistry } from '../../../widgets/registry.ts';
import type { WidgetRegistry } from '../../../widgets/widget-registry.ts';

/** The widget types a screen draws and offers: the app's registry, or one a test makes with `with`. */
export const WidgetRegistryContext = createContext<WidgetRegistry>(widgetRegistry);

export const useWidgetRegistry = (): WidgetRegistry => useContext(WidgetRegistryContext);
