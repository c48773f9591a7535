import { Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { topLevelFields, type FormSettings } from '../../../core/forms/form-design.ts';
import { formatNumber, parseNumberingRule } from '../../../core/forms/numbering.ts';
import { advancePath } from './designer-paths.ts';
import type { DesignStore } from './design-store.ts';

/** A label in the reader's language (a label may hold one text per language). */
function inLanguage(text: unknown, lng: string): string {
  if (typeof text === 'string') return text;
  const texts = (text ?? {}) as Record<string, string | undefined>;
  return texts[lng] ?? texts.en ?? Object.values(texts).find(Boolean) ?? '';
}

/**
 * How records of this form will be named: the next number of its rule and the field that
 * titles them (the one the server proposed, or the one chosen), with a link to change either.
 */
export const RecordIdentity = observer(function RecordIdentity({ formId, settings, store }: { formId: number; settings: FormSettings; store: DesignStore }) {
  const { t, i18n } = useTranslation('forms');
  const rule = settings.numbering ? parseNumberingRule(settings.numbering.rule) : null;
  // Isolated left-to-right, so an Arabic sentence does not turn 20261127-0001 into 0001-20261127.
  const example = rule && !('error' in rule) ? `\u2066${formatNumber(rule, new Date(), 1)}\u2069` : null;
  const field = settings.titleField === null ? undefined : topLevelFields(store.design).find((f) => f.key === settings.titleField);
  const title = field ? inLanguage(field.label, i18n.language) : null;
  const text =
    example && title
      ? t('designer.records.numberedTitled', { example, field: title })
      : example
        ? t('designer.records.numbered', { example })
        : title
          ? t('designer.records.titled', { field: title })
          : t('designer.records.neither');
  return (
    <Typography.Paragraph type="secondary" className="designer-record-identity" data-testid="record-identity">
      {text} <Link to={advancePath(formId)}>{t('designer.records.change')}</Link>
    </Typography.Paragraph>
  );
});
