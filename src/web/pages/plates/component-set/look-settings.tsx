import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetConfig } from '../../../../core/pages/page-config.ts';
import { CHART_KINDS, paletteKeyOf } from '../editor/palette.ts';

/** The largest picture kept inside the plate itself (as a data: address). */
const MAX_IMAGE_BYTES = 140_000;
const DEFAULT_PALETTE = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2'];

export interface LookSettingsProps {
  widget: WidgetConfig;
  onChange: (widget: WidgetConfig, tag?: string) => void;
}

type Props = Record<string, unknown>;

/**
 * How a component looks: its title, and per kind the chart type, colours, legend and labels;
 * a KPI's caption and number format; a pivot's totals and shading; a text's words; a picture.
 */
export function LookSettings({ widget, onChange }: LookSettingsProps) {
  const { t } = useTranslation('widgets');
  const { message } = App.useApp();
  const props: Props = widget.props ?? {};
  const key = paletteKeyOf(widget);
  const setProps = (patch: Props, tag?: string) => {
    const next: Props = { ...props, ...patch };
    for (const [name, value] of Object.entries(next)) if (value === undefined) delete next[name];
    onChange({ ...widget, props: next }, tag);
  };
  const toggle = (name: string, label: string, fallback = false) => (
    <Form.Item label={label} htmlFor={`look-${name}`} className="component-set-switch">
      <Switch id={`look-${name}`} size="small" checked={typeof props[name] === 'boolean' ? (props[name] as boolean) : fallback} onChange={(checked) => setProps({ [name]: checked })} />
    </Form.Item>
  );
  const format = (props.format ?? {}) as { decimals?: number; unit?: string; compact?: boolean };
  const setFormat = (patch: Partial<typeof format>, tag?: string) => {
    const next: Props = { ...format, ...patch };
    for (const [name, value] of Object.entries(next)) if (value === undefined || value === '') delete next[name];
    setProps({ format: Object.keys(next).length ? next : undefined }, tag);
  };

  return (
    <Form layout="vertical" size="small" className="component-set-form">
      {key !== 'text' && key !== 'image' && key !== 'filters' ? (
        <Form.Item label={t('plates.settings.title')} htmlFor="look-title">
          <Input
            id="look-title"
            value={widget.title ?? ''}
            maxLength={120}
            onChange={(event) => onChange({ ...widget, title: event.target.value || undefined }, 'title')}
            data-testid="component-title"
          />
        </Form.Item>
      ) : null}

      {widget.type === 'chart' ? (
        <>
          <Form.Item label={t('plates.settings.chartKind')} htmlFor="look-kind">
            <Select
              id="look-kind"
              value={key}
              onChange={(kind: string) => setProps({ kind })}
              options={CHART_KINDS.map((kind) => ({ value: kind, label: t(`plates.palette.${kind}`) }))}
              data-testid="chart-kind"
            />
          </Form.Item>
          <Space wrap size={[16, 0]}>
            {toggle('labels', t('plates.settings.labels'))}
            {key === 'bar' || key === 'line' || key === 'area' ? toggle('stack', t('plates.settings.stack')) : null}
            {key === 'bar' ? toggle('horizontal', t('plates.settings.horizontal')) : null}
            {key === 'line' || key === 'area' ? toggle('smooth', t('plates.settings.smooth')) : null}
            {key === 'pie' ? toggle('donut', t('plates.settings.donut')) : null}
          </Space>
          <Form.Item label={t('plates.settings.legend')} htmlFor="look-legend">
            <Select
              id="look-legend"
              value={legendChoice(props.legend)}
              onChange={(choice: string) =>
                setProps({ legend: choice === 'auto' ? undefined : choice === 'hide' ? { show: false } : { show: true, position: choice } })
              }
              options={['auto', 'top', 'bottom', 'start', 'end', 'hide'].map((value) => ({ value, label: t(`plates.settings.legendAt.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('plates.settings.colors')}>
            <Space wrap>
              {((props.colors as string[] | undefined) ?? []).map((color, i, colors) => (
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
                  const colors = (props.colors as string[] | undefined) ?? [];
                  if (colors.length < 20) setProps({ colors: [...colors, DEFAULT_PALETTE[colors.length % DEFAULT_PALETTE.length]!] });
                }}
              >
                {t('plates.settings.addColor')}
              </Button>
            </Space>
            <p className="component-set-hint">{t('plates.settings.colorsHint')}</p>
          </Form.Item>
        </>
      ) : null}

      {widget.type === 'chart' || widget.type === 'kpi' ? (
        <Space wrap className="component-set-format">
          <Form.Item label={t('plates.settings.decimals')} htmlFor="look-decimals">
            <InputNumber id="look-decimals" size="small" min={0} max={6} value={format.decimals ?? null} onChange={(v) => setFormat({ decimals: v === null ? undefined : Number(v) })} />
          </Form.Item>
          <Form.Item label={t('plates.settings.unit')} htmlFor="look-unit">
            <Input id="look-unit" size="small" maxLength={16} value={format.unit ?? ''} onChange={(event) => setFormat({ unit: event.target.value }, 'unit')} />
          </Form.Item>
          {toggleFormat('compact')}
        </Space>
      ) : null}

      {widget.type === 'kpi' ? (
        <>
          <Form.Item label={t('plates.settings.caption')} htmlFor="look-caption">
            <Input id="look-caption" maxLength={120} value={(props.caption as string | undefined) ?? ''} onChange={(event) => setProps({ caption: event.target.value || undefined }, 'caption')} />
          </Form.Item>
          {toggle('trend', t('plates.settings.trend'), true)}
        </>
      ) : null}

      {widget.type === 'pivot' ? (
        <Space wrap size={[16, 0]}>
          {toggle('totals', t('plates.settings.totals'), true)}
          {toggle('heat', t('plates.settings.heat'))}
        </Space>
      ) : null}

      {widget.type === 'table' ? (
        <Space wrap size={[16, 0]}>
          {toggle('striped', t('plates.settings.striped'), true)}
          {toggle('showTotal', t('plates.settings.showTotal'), true)}
        </Space>
      ) : null}

      {widget.type === 'markdown' ? (
        <>
          <Form.Item label={t('plates.settings.text')} htmlFor="look-content" extra={t('plates.settings.markdownHint')}>
            <Input.TextArea
              id="look-content"
              autoSize={{ minRows: 4, maxRows: 14 }}
              maxLength={20000}
              value={(props.content as string | undefined) ?? ''}
              onChange={(event) => setProps({ content: event.target.value }, 'content')}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item label={t('plates.settings.align')} htmlFor="look-align">
              <Select id="look-align" size="small" value={(props.align as string | undefined) ?? 'start'} onChange={(align: string) => setProps({ align })} options={['start', 'center', 'end'].map((v) => ({ value: v, label: t(`plates.settings.alignTo.${v}`) }))} />
            </Form.Item>
            <Form.Item label={t('plates.settings.tone')} htmlFor="look-tone">
              <Select id="look-tone" size="small" value={(props.tone as string | undefined) ?? 'none'} onChange={(tone: string) => setProps({ tone })} options={['none', 'info', 'success', 'warning', 'error'].map((v) => ({ value: v, label: t(`plates.settings.toneOf.${v}`) }))} />
            </Form.Item>
          </Space>
        </>
      ) : null}

      {widget.type === 'image' ? (
        <>
          <Form.Item label={t('plates.settings.picture')} extra={t('plates.settings.pictureHint')}>
            <Space wrap>
              <Button icon={<UploadOutlined />} onClick={() => choosePicture((src) => setProps({ src }), () => message.error(t('plates.settings.pictureTooLarge')))}>
                {t('plates.settings.choosePicture')}
              </Button>
              <Input
                size="small"
                value={typeof props.src === 'string' && props.src.startsWith('/') ? props.src : ''}
                placeholder="/files/..."
                aria-label={t('plates.settings.picturePath')}
                onChange={(event) => event.target.value.startsWith('/') && setProps({ src: event.target.value }, 'src')}
              />
            </Space>
          </Form.Item>
          <Form.Item label={t('plates.settings.alt')} htmlFor="look-alt">
            <Input id="look-alt" maxLength={300} value={(props.alt as string | undefined) ?? ''} onChange={(event) => setProps({ alt: event.target.value }, 'alt')} />
          </Form.Item>
        </>
      ) : null}
    </Form>
  );

  function toggleFormat(name: 'compact') {
    return (
      <Form.Item label={t('plates.settings.compact')} htmlFor="look-compact" className="component-set-switch">
        <Switch id="look-compact" size="small" checked={format[name] ?? false} onChange={(checked) => setFormat({ [name]: checked || undefined })} />
      </Form.Item>
    );
  }
}

function legendChoice(legend: unknown): string {
  if (!legend || typeof legend !== 'object') return 'auto';
  const { show, position } = legend as { show?: boolean; position?: string };
  if (show === false) return 'hide';
  return position ?? 'top';
}

/** Lets the user pick a picture file and hands it over as a data: address, if it is small enough. */
function choosePicture(onPicked: (src: string) => void, onTooLarge: () => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';
  input.onchange = () => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      onTooLarge();
      return;
    }
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && onPicked(reader.result);
    reader.readAsDataURL(file);
  };
  input.click();
}
