import type { WidgetConfig } from '../../../../core/pages/page-config.ts';
import type { PlateSettingsContext, WidgetDefinition, WidgetSettingsProps } from '../../../../../widgets/types.ts';
import { lazyComponent, type LazyComponent } from '../../../router/chunk-loader.tsx';

type Settings = NonNullable<WidgetDefinition['settings']>;

const panels = new WeakMap<Settings, LazyComponent<WidgetSettingsProps>>();

/** The lazily loaded settings panel of a widget type, one per type. */
function settingsPanel(settings: Settings): LazyComponent<WidgetSettingsProps> {
  let panel = panels.get(settings);
  if (!panel) {
    panel = lazyComponent(settings.load);
    panels.set(settings, panel);
  }
  return panel;
}

export interface WidgetSettingsPanelProps {
  widget: WidgetConfig;
  settings: Settings;
  plate: PlateSettingsContext;
  onChange: (widget: WidgetConfig, tag?: string) => void;
}

/** A widget's own settings, loaded with their first use; each edit goes into the plate's draft. */
export function WidgetSettingsPanel({ widget, settings, plate, onChange }: WidgetSettingsPanelProps) {
  const Panel = settingsPanel(settings);
  const props = widget.props ?? {};
  const setProps = (patch: Record<string, unknown>, tag?: string) => {
    const next: Record<string, unknown> = { ...props, ...patch };
    for (const [name, value] of Object.entries(next)) if (value === undefined) delete next[name];
    onChange({ ...widget, props: next }, tag);
  };
  return <Panel widget={widget} props={props} setProps={setProps} onChange={onChange} plate={plate} />;
}
