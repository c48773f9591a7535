import type { WidgetConfig } from '../src/core/pages/page-config.ts';
import { PALETTE_GROUPS, type WidgetDefinition, type WidgetKind, type WidgetSize } from './types.ts';

/** A palette entry with its widget: the type it makes, and its size and data needs resolved. */
export interface PaletteEntry extends WidgetKind {
  type: string;
  definition: WidgetDefinition;
  size: WidgetSize;
  maxDimensions: number;
}

/**
 * Widget types and what each offers: the renderer draws through it, the plate editor builds its
 * palette and settings from it. A registry is made once from its definitions; `with` makes
 * another with one more (a test's own widget).
 */
export class WidgetRegistry {
  /** Every palette entry: by group, then in the order of the definitions. */
  readonly palette: readonly PaletteEntry[];
  private readonly entries = new Map<string, PaletteEntry>();

  constructor(private readonly definitions: Readonly<Record<string, WidgetDefinition>>) {
    const all = Object.entries(definitions).flatMap(([type, definition]) =>
      definition.kinds.map((kind) => ({
        ...kind,
        type,
        definition,
        size: kind.size ?? definition.size,
        maxDimensions: kind.maxDimensions ?? definition.data.maxDimensions,
      })),
    );
    for (const entry of all) {
      if (this.entries.has(entry.key)) throw new Error(`Two palette entries are called "${entry.key}"`);
      this.entries.set(entry.key, entry);
    }
    this.palette = PALETTE_GROUPS.flatMap((group) => all.filter((entry) => entry.group === group));
  }

  /** The widget types, in the order of the definitions. */
  get types(): string[] {
    return Object.keys(this.definitions);
  }

  /** The definition of `type`, or undefined for a type the registry does not know. */
  definition(type: string): WidgetDefinition | undefined {
    return Object.hasOwn(this.definitions, type) ? this.definitions[type] : undefined;
  }

  paletteEntry(key: string): PaletteEntry | undefined {
    return this.entries.get(key);
  }

  /** The palette entry a stored component is (a chart by its kind); undefined for a type the palette does not offer. */
  entryOf(widget: WidgetConfig): PaletteEntry | undefined {
    const key = this.definition(widget.type)?.kindOf(widget);
    const entry = key === undefined ? undefined : this.entries.get(key);
    return entry?.type === widget.type ? entry : undefined;
  }

  /** This registry with `type` added (or replaced). */
  with(type: string, definition: WidgetDefinition): WidgetRegistry {
    return new WidgetRegistry({ ...this.definitions, [type]: definition });
  }
}
