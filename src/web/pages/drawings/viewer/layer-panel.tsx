import { Button, Checkbox, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DxfLayerInfo } from '../../../../core/drawings/dxf/display-list.ts';
import { formatNumber } from '../../../../core/value-format.ts';

/** The layers a DXF sheet was read with: show or hide each, all or none. */
export function LayerPanel({ layers, hidden, onChange }: { layers: readonly DxfLayerInfo[]; hidden: readonly string[]; onChange: (hidden: string[]) => void }) {
  const { t, i18n } = useTranslation('sheetViewer');
  if (layers.length === 0) return <Empty description={t('layers.empty')} />;
  const hiddenSet = new Set(hidden);
  return (
    <div className="sheet-layers" data-testid="sheet-layers">
      <Space wrap className="sheet-layers-actions">
        <Button size="small" onClick={() => onChange([])} disabled={hiddenSet.size === 0}>
          {t('layers.all')}
        </Button>
        <Button size="small" onClick={() => onChange(layers.map((layer) => layer.name))} disabled={hiddenSet.size === layers.length}>
          {t('layers.none')}
        </Button>
      </Space>
      <ul className="sheet-layer-list">
        {layers.map((layer) => (
          <li key={layer.name}>
            <Checkbox
              checked={!hiddenSet.has(layer.name)}
              onChange={(event) => onChange(event.target.checked ? hidden.filter((name) => name !== layer.name) : [...hidden, layer.name])}
              data-testid={`sheet-layer-${layer.name}`}
            >
              <span className="sheet-layer-swatch" style={{ background: layer.color }} role="img" aria-label={t('layers.colour', { color: layer.color })} />
              <bdi className="sheet-layer-name">{layer.name}</bdi>
            </Checkbox>
            <Typography.Text type="secondary" className="sheet-layer-count">
              {t('layers.entities', { number: formatNumber(layer.count, i18n.language) })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
