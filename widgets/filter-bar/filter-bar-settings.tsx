import { PlateFilterSettings } from '../../src/web/pages/plates/component-set/plate-filter-settings.tsx';
import type { WidgetSettingsProps } from '../types.ts';

/** The filter controls show the plate's filters: their settings are those filters. */
export default function FilterBarSettings({ plate }: WidgetSettingsProps) {
  return <PlateFilterSettings filters={[...plate.filters]} datasets={plate.datasets ?? []} usedDatasets={[...plate.usedDatasets]} onChange={(next, tag) => plate.setFilters(next, tag)} />;
}
