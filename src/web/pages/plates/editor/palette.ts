import type { TFunction } from 'i18next';
import type { WidgetConfig } from '../../../../core/pages/page-config.ts';
import { formIdOfCode } from '../../../../core/query/form-dataset.ts';
import type { DatasetInfo } from '../../../../core/query/query-spec.ts';
import type { PaletteEntry } from '../../../../../widgets/widget-registry.ts';

/**
 * What the plate editor's palette needs beside the widget registry (widgets/registry.ts),
 * which says what it offers: the entries' names, and the source a new component starts on.
 */

/** A palette entry's name in the author's language (its key, for a widget that brings no text). */
export const paletteName = (t: TFunction<'widgets'>, key: string): string => t(`plates.palette.${key}`, { defaultValue: key });

/** What a component is called in the editor: its palette entry's name, else its type. */
export const componentKindName = (t: TFunction<'widgets'>, entry: PaletteEntry | undefined, widget: WidgetConfig): string =>
  entry ? paletteName(t, entry.key) : widget.type;

/** The source a new component starts on: the one the plate uses most, else the first form, else the first. */
export function preferredDataset(components: readonly WidgetConfig[], datasets: readonly DatasetInfo[]): DatasetInfo | undefined {
  const uses = new Map<string, number>();
  for (const component of components) {
    const code = component.data?.dataset;
    if (code) uses.set(code, (uses.get(code) ?? 0) + 1);
  }
  let best: DatasetInfo | undefined;
  for (const dataset of datasets) {
    if ((uses.get(dataset.code) ?? 0) > (best ? (uses.get(best.code) ?? 0) : 0)) best = dataset;
  }
  return best ?? datasets.find((d) => formIdOfCode(d.code) !== null) ?? datasets[0];
}

/** The source a new component of `entry` starts on: among the forms alone for a widget whose props name a form. */
export function startingSource(entry: PaletteEntry, components: readonly WidgetConfig[], datasets: readonly DatasetInfo[]): DatasetInfo | undefined {
  const namesForm = Object.values(entry.definition.data.refs).includes('form');
  return preferredDataset(components, namesForm ? datasets.filter((d) => formIdOfCode(d.code) !== null) : datasets);
}
