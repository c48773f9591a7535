import { Form, Input, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from './types.ts';

/** Fields of the settings panels, in the Look tab's form. */

type SetProps = WidgetSettingsProps['setProps'];

/** A switch for a boolean prop; `fallback`: the schema's default, shown while the prop is unset. */
export function PropSwitch({ name, label, props, setProps, fallback = false }: { name: string; label: string; props: Record<string, unknown>; setProps: SetProps; fallback?: boolean }) {
  return (
    <Form.Item label={label} htmlFor={`look-${name}`} className="component-set-switch">
      <Switch id={`look-${name}`} size="small" checked={typeof props[name] === 'boolean' ? props[name] : fallback} onChange={(checked) => setProps({ [name]: checked })} />
    </Form.Item>
  );
}

type NumberFormat = { decimals?: number; unit?: string; compact?: boolean; grouping?: boolean };

/** How numbers are written (`format`: decimals, unit, short forms); an emptied format is removed. */
export function NumberFormatFields({ props, setProps }: { props: Record<string, unknown>; setProps: SetProps }) {
  const { t } = useTranslation('widgets');
  const format = (props.format ?? {}) as NumberFormat;
  const setFormat = (patch: Partial<NumberFormat>, tag?: string) => {
    const next: Record<string, unknown> = { ...format, ...patch };
    for (const [name, value] of Object.entries(next)) if (value === undefined || value === '') delete next[name];
    setProps({ format: Object.keys(next).length ? next : undefined }, tag);
  };
  return (
    <Space wrap className="component-set-format">
      <Form.Item label={t('plates.settings.decimals')} htmlFor="look-decimals">
        <InputNumber id="look-decimals" size="small" min={0} max={6} value={format.decimals ?? null} onChange={(v) => setFormat({ decimals: v === null ? undefined : Number(v) })} />
      </Form.Item>
      <Form.Item label={t('plates.settings.unit')} htmlFor="look-unit">
        <Input id="look-unit" size="small" maxLength={16} value={format.unit ?? ''} onChange={(event) => setFormat({ unit: event.target.value }, 'unit')} />
      </Form.Item>
      <Form.Item label={t('plates.settings.compact')} htmlFor="look-compact" className="component-set-switch">
        <Switch id="look-compact" size="small" checked={format.compact ?? false} onChange={(checked) => setFormat({ compact: checked || undefined })} />
      </Form.Item>
      <Form.Item label={t('plates.settings.grouping')} htmlFor="look-grouping" className="component-set-switch">
        {/* Left alone, identifying columns (id, …_id) are written plain and others grouped. */}
        <Switch id="look-grouping" size="small" checked={format.grouping ?? true} onChange={(checked) => setFormat({ grouping: checked ? undefined : false })} />
      </Form.Item>
    </Space>
  );
}
