import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberFormatFields, PropSwitch } from '../settings-fields.tsx';
import type { WidgetSettingsProps } from '../types.ts';
import { CHART_KINDS, chartKindOf } from './chart-props.ts';

const DEFAULT_PALETTE = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2'];

function legendChoice(legend: unknown): string {
  if (!legend || typeof legend !== 'object') return 'auto';
  const { show, position } = legend as { show?: boolean; position?: string };
  if (show === false) return 'hide';
  return position ?? 'top';
}

/** A chart's kind, the switches its kind has, its legend, colours and number format. */
export default function ChartSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  const kind = chartKindOf(props.kind);
  const toggle = (name: string, label: string) => <PropSwitch name={name} label={label} props={props} setProps={setProps} />;
  const colors = (props.colors as string[] | undefined) ?? [];
  return (
    <>
      <Form.Item label={t('plates.settings.chartKind')} htmlFor="look-kind">
        <Select
          id="look-kind"
          value={kind}
          onChange={(next: string) => setProps({ kind: next })}
          options={CHART_KINDS.map((each) => ({ value: each, label: t(`plates.palette.${each}`) }))}
          data-testid="chart-kind"
        />
      </Form.Item>
      <Space wrap size={[16, 0]}>
        {toggle('labels', t('plates.settings.labels'))}
        {kind === 'bar' || kind === 'line' || kind === 'area' ? toggle('stack', t('plates.settings.stack')) : null}
        {kind === 'bar' ? toggle('horizontal', t('plates.settings.horizontal')) : null}
        {kind === 'line' || kind === 'area' ? toggle('smooth', t('plates.settings.smooth')) : null}
        {kind === 'pie' ? toggle('donut', t('plates.settings.donut')) : null}
      </Space>
      <Form.Item label={t('plates.settings.legend')} htmlFor="look-legend">
        <Select
          id="look-legend"
          value={legendChoice(props.legend)}
          onChange={(choice: string) => setProps({ legend: choice === 'auto' ? undefined : choice === 'hide' ? { show: false } : { show: true, position: choice } })}
          options={['auto', 'top', 'bottom', 'start', 'end', 'hide'].map((value) => ({ value, label: t(`plates.settings.legendAt.${value}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('plates.settings.colors')}>
        <Space wrap>
          {colors.map((color, i) => (
            <Space.Compact key={i}>
              <ColorPicker
                size="small"
                value={color}
                disabledAlpha
                onChangeComplete={(value) => setProps({ colors: colors.map((c, j) => (j === i ? value.toHexString() : c)) })}
                aria-label={t('plates.settings.colorN', { n: i + 1 })}
              />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('plates.settings.removeColor', { n: i + 1 })}
                onClick={() => setProps({ colors: colors.length > 1 ? colors.filter((_, j) => j !== i) : undefined })}
              />
            </Space.Compact>
          ))}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              if (colors.length < 20) setProps({ colors: [...colors, DEFAULT_PALETTE[colors.length % DEFAULT_PALETTE.length]!] });
            }}
          >
            {t('plates.settings.addColor')}
          </Button>
        </Space>
        <p className="component-set-hint">{t('plates.settings.colorsHint')}</p>
      </Form.Item>
      <NumberFormatFields props={props} setProps={setProps} />
    </>
  );
}
