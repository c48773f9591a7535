import chart from './chart/widget.ts';
import drawing from './drawing/widget.ts';
import filterBar from './filter-bar/widget.ts';
import form from './form/widget.ts';
import gantt from './gantt/widget.ts';
import iframe from './iframe/widget.ts';
import image from './image/widget.ts';
import kpi from './kpi/widget.ts';
import markdown from './markdown/widget.ts';
import pivot from './pivot/widget.ts';
import table from './table/widget.ts';
import video from './video/widget.ts';
import { WidgetRegistry } from './widget-registry.ts';

/**
 * Every widget type: the key is the type a page config writes and the name of the widget's
 * folder, whose widget.ts declares the rest (docs/widgets.md). Adding a widget: its folder and
 * its line here. Within each palette section, entries come in this order.
 */
export const widgetRegistry = new WidgetRegistry({
  chart,
  table,
  pivot,
  kpi,
  form,
  markdown,
  image,
  drawing,
  gantt,
  'filter-bar': filterBar,
  video,
  iframe,
});
