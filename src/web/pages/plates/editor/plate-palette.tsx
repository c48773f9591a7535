import {
  AreaChartOutlined,
  BarChartOutlined,
  BoxPlotOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FilterOutlined,
  FontSizeOutlined,
  FunnelPlotOutlined,
  GlobalOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  NumberOutlined,
  PictureOutlined,
  PieChartOutlined,
  RadarChartOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE_KEYS, type PaletteKey } from './palette.ts';
import { PALETTE_DRAG_TYPE } from './plate-canvas.tsx';

export const PALETTE_ICONS: Readonly<Record<PaletteKey, ReactNode>> = {
  bar: <BarChartOutlined />,
  line: <LineChartOutlined />,
  area: <AreaChartOutlined />,
  pie: <PieChartOutlined />,
  scatter: <DotChartOutlined />,
  gauge: <DashboardOutlined />,
  funnel: <FunnelPlotOutlined />,
  radar: <RadarChartOutlined />,
  heatmap: <HeatMapOutlined />,
  map: <GlobalOutlined />,
  table: <TableOutlined />,
  pivot: <BoxPlotOutlined />,
  kpi: <NumberOutlined />,
  text: <FontSizeOutlined />,
  image: <PictureOutlined />,
  filters: <FilterOutlined />,
};

const GROUPS: readonly { key: string; items: readonly PaletteKey[] }[] = [
  { key: 'charts', items: PALETTE_KEYS.slice(0, 10) },
  { key: 'data', items: ['table', 'pivot', 'kpi'] },
  { key: 'other', items: ['text', 'image', 'filters'] },
];

export interface PlatePaletteProps {
  /** A click or Enter: the component goes under the others. */
  onAdd: (key: PaletteKey) => void;
  /** A drag onto the canvas starts or ends. */
  onDragChange: (key: PaletteKey | null) => void;
  disabled?: boolean;
}

/** The components a plate can hold: dragged onto the canvas, or added with a click or the keyboard. */
export function PlatePalette({ onAdd, onDragChange, disabled }: PlatePaletteProps) {
  const { t } = useTranslation('widgets');
  return (
    <nav className="plate-palette" aria-label={t('plates.editor.palette')}>
      {GROUPS.map((group) => (
        <section key={group.key} className="plate-palette-group">
          <h2 className="plate-palette-heading">{t(`plates.palette.group.${group.key}`)}</h2>
          <div className="plate-palette-items">
            {group.items.map((key) => (
              <button
                key={key}
                type="button"
                className="plate-palette-item"
                disabled={disabled}
                draggable={!disabled}
                data-rgl-draggable
                data-testid={`palette-${key}`}
                title={t('plates.editor.paletteHint')}
                onClick={() => onAdd(key)}
                onDragStart={(event) => {
                  // Firefox starts no drag without data.
                  event.dataTransfer.setData(PALETTE_DRAG_TYPE, key);
                  event.dataTransfer.setData('text/plain', '');
                  onDragChange(key);
                }}
                onDragEnd={() => onDragChange(null)}
              >
                <span className="plate-palette-icon" aria-hidden>
                  {PALETTE_ICONS[key]}
                </span>
                <span>{t(`plates.palette.${key}`)}</span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
}
