import fs from 'node:fs';
import path from 'node:path';
import type { LocalText } from '../../../core/local-text.ts';
import type { FieldDesign, FormDesign } from '../../../core/forms/form-design.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import { PROJECT_ROOT } from '../../project-root.ts';

/**
 * The demo's stored texts in every language Plinth ships: what an administrator would fill
 * in the editors. The seed files are written in English; schemas/seed/texts.json gives the
 * Chinese and Arabic of each, and the seed menu's come from the web app's `menu` locale
 * files, so each seed title is translated once.
 */
const readJson = <T>(...parts: string[]): T => JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, ...parts), 'utf8')) as T;

type MenuTexts = Readonly<Record<string, string>>;

type Translations = Readonly<Record<string, { 'zh-CN': string; ar: string }>>;
let translations: Translations | undefined;
let menus: { en: MenuTexts; zh: MenuTexts; ar: MenuTexts } | undefined;

/** The text in every language when the dictionary has it, else the English as it is. */
export function demoText(english: string): LocalText {
  const dictionary = (translations ??= readJson<Translations>('schemas', 'seed', 'texts.json'));
  const translated = dictionary[english];
  return translated ? { en: english, ...translated } : english;
}

/** A seed menu node's title in every language, by its seed key. */
export function demoMenuTitle(key: string, english: string): LocalText {
  menus ??= { en: readJson('locales', 'en', 'menu.json'), zh: readJson('locales', 'zh-CN', 'menu.json'), ar: readJson('locales', 'ar', 'menu.json') };
  const zh = menus.zh[key];
  const ar = menus.ar[key];
  // A title the seed changed since the locale files were written keeps its English.
  if (menus.en[key] !== english || !zh || !ar) return english;
  return { en: english, 'zh-CN': zh, ar };
}

const asText = (text: LocalText): LocalText => (typeof text === 'string' ? demoText(text) : text);

type Props = Record<string, unknown>;
const named = (list: unknown): unknown =>
  Array.isArray(list) ? list.map((each: Props) => (typeof each.name === 'string' ? { ...each, name: demoText(each.name) } : each)) : list;

/** A chart's series names, axis titles and value labels in every language. */
function demoChartProps(props: Props): Props {
  const labels = props.valueLabels as Record<string, string> | undefined;
  return {
    ...props,
    ...(props.series !== undefined && { series: named(props.series) }),
    ...(props.yAxes !== undefined && { yAxes: named(props.yAxes) }),
    ...(typeof props.xAxisName === 'string' && { xAxisName: demoText(props.xAxisName) }),
    ...(labels && { valueLabels: Object.fromEntries(Object.entries(labels).map(([value, label]) => [value, asText(label)])) }),
  };
}

/** A demo page or plate config with its title, filter labels, component titles and chart texts in every language. */
export function demoPageConfig(config: PageConfig): PageConfig {
  return {
    ...config,
    title: asText(config.title),
    ...(config.filters && { filters: config.filters.map((filter) => ({ ...filter, label: asText(filter.label) })) }),
    widgets: config.widgets.map((widget) => {
      const titled = widget.title === undefined ? widget : { ...widget, title: asText(widget.title) };
      return widget.type === 'chart' && widget.props ? { ...titled, props: demoChartProps(widget.props) } : titled;
    }),
  };
}

const demoField = (field: FieldDesign): FieldDesign => ({
  ...field,
  label: asText(field.label),
  ...(field.options && { options: field.options.map((option) => ({ ...option, label: asText(option.label) })) }),
  ...(field.fields && { fields: field.fields.map(demoField) }),
});

/** A demo form design with its field labels and section titles in every language. */
export function demoFormDesign(design: FormDesign): FormDesign {
  return {
    ...design,
    items: design.items.map((item) =>
      item.type === 'section' ? { ...item, title: asText(item.title), fields: item.fields.map(demoField) } : demoField(item),
    ),
  };
}
