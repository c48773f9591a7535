import { useTranslation } from 'react-i18next';
import { PALETTE_GROUPS } from '../../../../../widgets/types.ts';
import type { PaletteEntry } from '../../../../../widgets/widget-registry.ts';
import { useWidgetRegistry } from '../../../renderer/widget-registry-context.ts';
import { paletteName } from './palette.ts';
import { PALETTE_DRAG_TYPE } from './plate-canvas.tsx';

export interface PlatePaletteProps {
  /** A click or Enter: the component goes under the others. */
  onAdd: (entry: PaletteEntry) => void;
  /** A drag onto the canvas starts or ends. */
  onDragChange: (entry: PaletteEntry | null) => void;
  disabled?: boolean;
}

/** The components a plate can hold, as the widget registry offers them: dragged onto the canvas, or added with a click or the keyboard. */
export function PlatePalette({ onAdd, onDragChange, disabled }: PlatePaletteProps) {
  const { t } = useTranslation('widgets');
  const { palette } = useWidgetRegistry();
  const groups = PALETTE_GROUPS.map((group) => ({ group, entries: palette.filter((entry) => entry.group === group) })).filter(({ entries }) => entries.length > 0);
  return (
    <nav className="plate-palette" aria-label={t('plates.editor.palette')}>
      {groups.map(({ group, entries }) => (
        <section key={group} className="plate-palette-group">
          <h2 className="plate-palette-heading">{t(`plates.palette.group.${group}`)}</h2>
          <div className="plate-palette-items">
            {entries.map((entry) => (
              <button
                key={entry.key}
                type="button"
                className="plate-palette-item"
                disabled={disabled}
                draggable={!disabled}
                data-rgl-draggable
                data-testid={`palette-${entry.key}`}
                title={t('plates.editor.paletteHint')}
                onClick={() => onAdd(entry)}
                onDragStart={(event) => {
                  // Firefox starts no drag without data.
                  event.dataTransfer.setData(PALETTE_DRAG_TYPE, entry.key);
                  event.dataTransfer.setData('text/plain', '');
                  onDragChange(entry);
                }}
                onDragEnd={() => onDragChange(null)}
              >
                <span className="plate-palette-icon" aria-hidden>
                  <entry.icon />
                </span>
                <span>{paletteName(t, entry.key)}</span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
}
