import { Widgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';

/**
 * Yes/no values: a switch field draws an on/off switch with its label beside it (rjsf draws no
 * label above a boolean); any other boolean keeps rjsf's checkbox. Chosen by the field type in
 * `ui:options`, so versions published before keep working unchanged.
 */
const Checkbox = Widgets.CheckboxWidget!;

export function SwitchOrCheckboxWidget(props: WidgetProps) {
  const { id, onChange, onBlur, onFocus, options, disabled, readonly, label, required } = props;
  const value: unknown = props.value;
  if ((options as { fieldType?: string }).fieldType !== 'switch') return <Checkbox {...props} />;
  return (
    <span className="form-view-switch" onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      <Switch id={id} checked={value === true} disabled={disabled || readonly} onChange={(checked) => onChange(checked)} />
      <label htmlFor={id}>
        {required && <span className="form-view-switch-required">*</span>}
        {label}
      </label>
    </span>
  );
}
