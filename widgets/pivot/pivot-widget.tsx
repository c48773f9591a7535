import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { formatServerDate } from '../../src/core/format.ts';
import { columnTitle, formatNumber, resultValueText, type ValueFormat } from '../../src/core/value-format.ts';
import { resultRows, type WidgetRenderProps } from '../types.ts';
import { columnsByName, useValueWords } from '../value-words.ts';
import { cellKey, columnTotalKey, pivotModel, rowTotalKey, type PivotProps } from './pivot-model.ts';
import './pivot-widget.css';
import { textIn } from '../../src/core/local-text.ts';

const PRIMARY_RGB = '22, 119, 255';

/** A cross table of the aggregate rows with totals; cells optionally shaded by value. */
export default function PivotWidget({ widget, props, data }: WidgetRenderProps<PivotProps>) {
  const { t, i18n } = useTranslation('widgets');
  const words = useValueWords();
  const language = words.language;
  const rows = data.status === 'ready' ? resultRows(data.result) : [];
  const described = useMemo(() => columnsByName(data.status === 'ready' ? data.result.columns : undefined), [data]);
  const model = pivotModel(rows, props, widget.data);
  const { rowFields, columnField, measures, rowKeys, columnKeys, cells, range } = model;
  // A value reads as the form shows it (an option's label, a person's name, a date), unless the pivot names it.
  const label = (key: string, field: string | null) => {
    if (key === '') return t('pivot.blank');
    const about = field === null ? undefined : described.get(field);
    return props.valueLabels?.[key] ?? (about ? resultValueText(about, key, words) || key : formatServerDate(key, language));
  };
  const titleOf = (field: string) => {
    const about = described.get(field);
    return about ? columnTitle(about, words) : field;
  };
  const number = (value: number | undefined, format: ValueFormat | undefined) => (value === undefined ? '' : formatNumber(value, language, format ?? {}));
  const measureTitle = (m: (typeof measures)[number]) => m.name ?? titleOf(m.field);
  const showTotals = props.totals && measures.some((m) => m.additive);
  const twoHeaderRows = columnField !== null && measures.length > 1;
  const shade = (value: number | undefined) => {
    if (!props.heat || value === undefined || !range || range.max === range.min) return undefined;
    const share = (value - range.min) / (range.max - range.min);
    return { background: `rgba(${PRIMARY_RGB}, ${(0.06 + share * 0.5).toFixed(3)})` };
  };

  if (rowKeys.length === 0) return <p className="pivot-widget-empty">{t('pivot.noRows')}</p>;

  return (
    <div className="pivot-widget" tabIndex={0} role="region" aria-label={textIn(widget.title, i18n.language) || t('pivot.label')}>
      <table className="pivot-widget-table">
        <thead>
          <tr>
            {rowFields.map((field) => (
              <th key={field} scope="col" rowSpan={twoHeaderRows ? 2 : 1} className="pivot-widget-corner">
                {titleOf(field)}
              </th>
            ))}
            {columnField === null
              ? measures.map((m) => (
                  <th key={m.field} scope="col" className="pivot-widget-number">
                    {measureTitle(m)}
                  </th>
                ))
              : columnKeys.map((column) => (
                  <th key={column} scope="colgroup" colSpan={measures.length} className={twoHeaderRows ? undefined : 'pivot-widget-number'}>
                    {label(column, columnField)}
                  </th>
                ))}
            {showTotals && columnField !== null ? (
              <th scope="colgroup" colSpan={measures.length} className="pivot-widget-total">
                {t('pivot.total')}
              </th>
            ) : null}
          </tr>
          {twoHeaderRows ? (
            <tr>
              {[...columnKeys, ...(showTotals ? ['\u0001total'] : [])].flatMap((column) =>
                measures.map((m) => (
                  <th key={`${column}-${m.field}`} scope="col" className="pivot-widget-number">
                    {measureTitle(m)}
                  </th>
                )),
              )}
            </tr>
          ) : null}
        </thead>
        <tbody>
          {rowKeys.map((rowKey) => (
            <tr key={rowKey.join('\u0000')}>
              {rowKey.map((part, i) => (
                <th key={i} scope="row">
                  {label(part, rowFields[i] ?? null)}
                </th>
              ))}
              {(columnField === null ? [''] : columnKeys).flatMap((column) =>
                measures.map((m) => {
                  const value = cells.get(cellKey(rowKey, column, m.field));
                  return (
                    <td key={`${column}-${m.field}`} className="pivot-widget-number" style={shade(value)}>
                      {number(value, m.format)}
                    </td>
                  );
                }),
              )}
              {showTotals && columnField !== null
                ? measures.map((m) => (
                    <td key={`total-${m.field}`} className="pivot-widget-number pivot-widget-total">
                      {m.additive ? number(model.rowTotals.get(rowTotalKey(rowKey, m.field)), m.format as ValueFormat | undefined) : ''}
                    </td>
                  ))
                : null}
            </tr>
          ))}
        </tbody>
        {showTotals ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={rowFields.length}>
                {t('pivot.total')}
              </th>
              {(columnField === null ? [''] : columnKeys).flatMap((column) =>
                measures.map((m) => (
                  <td key={`${column}-${m.field}`} className="pivot-widget-number">
                    {!m.additive
                      ? ''
                      : number(columnField === null ? model.grandTotals.get(m.field) : model.columnTotals.get(columnTotalKey(column, m.field)), m.format as ValueFormat | undefined)}
                  </td>
                )),
              )}
              {columnField !== null
                ? measures.map((m) => (
                    <td key={`grand-${m.field}`} className="pivot-widget-number pivot-widget-total">
                      {m.additive ? number(model.grandTotals.get(m.field), m.format as ValueFormat | undefined) : ''}
                    </td>
                  ))
                : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
