import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../../../widgets/markdown/render-markdown.ts';
import { useBlurAfterCommit, useFieldDraft } from './field-draft.tsx';
import { computedText, numberOrUndefined } from './field-values.ts';

interface NumberOptions {
  precision?: number;
  currency?: string;
}

/** Money: the currency before the amount, kept to the field's decimals. */
export function MoneyWidget({ id, value: stored, onChange: change, onBlur, onFocus, options, disabled, readonly, placeholder }: WidgetProps) {
  const [value, onChange, commitNow] = useFieldDraft<unknown>(stored, change);
  const blur = useBlurAfterCommit(onBlur, commitNow);
  const { precision, currency } = options as NumberOptions;
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      prefix={currency}
      precision={precision}
      value={typeof value === 'number' ? value : null}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(next) => onChange(numberOrUndefined(next))}
      onBlur={() => blur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** Percentage: 0..100 with a % suffix. */
export function PercentageWidget({ id, value: stored, onChange: change, onBlur, onFocus, options, disabled, readonly, placeholder }: WidgetProps) {
  const [value, onChange, commitNow] = useFieldDraft<unknown>(stored, change);
  const blur = useBlurAfterCommit(onBlur, commitNow);
  const { precision } = options as NumberOptions;
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      suffix="%"
      precision={precision}
      value={typeof value === 'number' ? value : null}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(next) => onChange(numberOrUndefined(next))}
      onBlur={() => blur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** A computed field: the value the renderer keeps up to date from the formula; never typed in. */
export function ComputedWidget({ id, value, options }: WidgetProps) {
  const { t } = useTranslation('forms');
  const text = computedText(value, (options as NumberOptions).precision, [t('view.yes'), t('view.no')]);
  return (
    <output id={id} className="form-view-computed" aria-live="polite">
      {text === '' ? <Typography.Text type="secondary">{t('view.computedEmpty')}</Typography.Text> : text}
    </output>
  );
}

/** Description text of the design: sanitised Markdown, no value. */
export function DescriptionField({ uiSchema }: FieldProps) {
  const content = String((uiSchema?.['ui:options'] as { content?: string } | undefined)?.content ?? '');
  const html = useMemo(() => renderMarkdown(content), [content]);
  return <div dir="auto" className="form-view-description" dangerouslySetInnerHTML={{ __html: html }} />;
}
