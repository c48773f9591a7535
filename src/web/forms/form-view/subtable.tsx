import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Button, Typography } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordData } from '../../../core/forms/form-design.ts';
import { fieldVisible } from './object-template.tsx';

/*
 * A sub-table drawn as a grid: a header with the column labels, one line per row with its
 * number, its cells and its row buttons, and an add button under it. Rows are virtual (only
 * those in view and a few around them are mounted), so a sub-table of thousands of rows
 * opens and types as fast as one of ten; rjsf still owns the data, and each row is its
 * memoised item element, so a change re-renders only its own row.
 */

/** Estimated height of a row without errors: one line of inputs. */
const ROW_HEIGHT = 48;
const OVERSCAN = 8;

interface Column {
  key: string;
  title: string;
  required: boolean;
}

function columnsOf(schema: RJSFSchema, uiSchema: Record<string, unknown> | undefined): Column[] {
  const items = (schema.items ?? {}) as RJSFSchema;
  const properties = (items.properties ?? {}) as Record<string, RJSFSchema>;
  const order = ((uiSchema?.items as Record<string, unknown> | undefined)?.['ui:order'] as string[] | undefined) ?? Object.keys(properties);
  const required = new Set(items.required ?? []);
  // A column's label in the reader's language is its `ui:title` (labels-in-language.ts).
  const uiTitle = (key: string) => ((uiSchema?.items as Record<string, { 'ui:title'?: string } | undefined> | undefined)?.[key]?.['ui:title']);
  return order.filter((key) => key in properties).map((key) => ({ key, title: uiTitle(key) ?? String(properties[key]!.title ?? key), required: required.has(key) }));
}

/** The columns' shared track list, so header and rows line up. */
const gridStyle = (columns: number): CSSProperties => ({ gridTemplateColumns: `repeat(${columns}, minmax(9rem, 1fr))` });

/** The sub-tables of one form by data key, so the form can bring a row that is not mounted into view. */
export type SubtableRegistry = Map<string, Virtualizer<HTMLDivElement, Element>>;
const SubtableRegistryContext = createContext<SubtableRegistry | null>(null);

export function SubtableProvider({ registry, children }: { registry: SubtableRegistry; children: ReactNode }) {
  return <SubtableRegistryContext.Provider value={registry}>{children}</SubtableRegistryContext.Provider>;
}

/** Scrolls the sub-table `field` to row `index`; false when there is no such sub-table. */
export function revealRow(registry: SubtableRegistry, field: string, index: number): boolean {
  const virtualizer = registry.get(field);
  if (!virtualizer) return false;
  virtualizer.scrollToIndex(index, { align: 'center' });
  return true;
}

/** The ArrayFieldTemplate of sub-tables (the only arrays rjsf draws with templates in our forms). */
export function SubtableTemplate({ items, canAdd, onAddClick, disabled, readonly, schema, uiSchema, title, required, fieldPathId, rawErrors }: ArrayFieldTemplateProps) {
  const { t } = useTranslation('forms');
  const columns = useMemo(() => columnsOf(schema, uiSchema as Record<string, unknown> | undefined), [schema, uiSchema]);
  const scroller = useRef<HTMLDivElement>(null);
  const keys = useRef<string[]>([]);
  keys.current = items.map((item) => String(item.key));
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => keys.current[index] ?? index,
  });
  const registry = useContext(SubtableRegistryContext);
  const field = fieldPathId.path.join('.');
  useEffect(() => {
    registry?.set(field, virtualizer);
    return () => void registry?.delete(field);
  }, [registry, field, virtualizer]);
  // A row added at the end comes into view, as it would in a table that is not virtual.
  const count = useRef(items.length);
  useEffect(() => {
    if (items.length === count.current + 1) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    count.current = items.length;
  }, [items.length, virtualizer]);

  const editable = !disabled && !readonly;
  const headingId = `${fieldPathId.$id}__title`;
  return (
    <div className="form-view-subtable" role="group" aria-labelledby={headingId} id={fieldPathId.$id}>
      <div className="form-view-subtable-title">
        <Typography.Text strong id={headingId}>
          {required && <span className="form-view-required" aria-hidden>* </span>}
          {uiSchema?.['ui:title'] ? String(uiSchema['ui:title']) : title}
        </Typography.Text>
        <Typography.Text type="secondary">{t('view.rows.count', { count: items.length })}</Typography.Text>
      </div>
      <div className="form-view-subtable-scroll" ref={scroller}>
        <div className="form-view-subtable-header" aria-hidden>
          <span className="form-view-subtable-number">#</span>
          <div className="form-view-subtable-cells" style={gridStyle(columns.length)}>
            {columns.map((column) => (
              <span key={column.key} className="form-view-subtable-column">
                {column.required && <span className="form-view-required">* </span>}
                {column.title}
              </span>
            ))}
          </div>
          {editable && <span className="form-view-subtable-actions" />}
        </div>
        {items.length === 0 ? (
          <div className="form-view-subtable-empty">{t('view.rows.none')}</div>
        ) : (
          <div className="form-view-subtable-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className="form-view-subtable-slot" style={{ transform: `translateY(${row.start}px)` }}>
                {items[row.index]}
              </div>
            ))}
          </div>
        )}
      </div>
      {rawErrors && rawErrors.length > 0 && (
        <div className="ant-form-item-explain-error" role="alert">
          {rawErrors.join(' ')}
        </div>
      )}
      {canAdd && editable && (
        <Button className="form-view-subtable-add" icon={<PlusOutlined />} onClick={onAddClick} type="dashed" block>
          {t('view.rows.add')}
        </Button>
      )}
    </div>
  );
}

/** One line of a sub-table: its number, its cells and its buttons. */
export function SubtableRowTemplate({ children, buttonsProps, index, disabled, readonly }: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation('forms');
  const editable = !disabled && !readonly;
  const { hasMoveUp, hasMoveDown, hasCopy, hasRemove, onMoveUpItem, onMoveDownItem, onCopyItem, onRemoveItem } = buttonsProps;
  const number = index + 1;
  return (
    <div className="form-view-subtable-row" role="group" aria-label={t('view.rows.label', { number })}>
      <span className="form-view-subtable-number">{number}</span>
      {children}
      {editable && (
        <span className="form-view-subtable-actions">
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={!hasMoveUp} onClick={onMoveUpItem} aria-label={`${t('view.rows.up')} ${number}`} title={t('view.rows.up')} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={!hasMoveDown} onClick={onMoveDownItem} aria-label={`${t('view.rows.down')} ${number}`} title={t('view.rows.down')} />
          {hasCopy && <Button size="small" type="text" icon={<CopyOutlined />} onClick={onCopyItem} aria-label={`${t('view.rows.copy')} ${number}`} title={t('view.rows.copy')} />}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={!hasRemove} onClick={onRemoveItem} aria-label={`${t('view.rows.remove')} ${number}`} title={t('view.rows.remove')} />
        </span>
      )}
    </div>
  );
}

/** A row's cells on the columns' grid; a cell hidden by its row's condition keeps its slot empty. */
export function SubtableRowObject({ properties, uiSchema, formData }: ObjectFieldTemplateProps) {
  const ui = uiSchema as Record<string, unknown> | undefined;
  const values = (formData ?? {}) as RecordData;
  return (
    <div className="form-view-subtable-cells" style={gridStyle(properties.length)}>
      {properties.map((p) => (
        <div key={p.name} className="form-view-subtable-cell">
          {!p.hidden && fieldVisible(ui, p.name, values) ? p.content : null}
        </div>
      ))}
    </div>
  );
}

/** A cell: the widget with its label for screen readers only (the header shows it) and its errors under it. */
export function SubtableCellTemplate({ id, label, required, children, rawErrors, hidden }: FieldTemplateProps) {
  if (hidden) return <div className="form-view-hidden">{children}</div>;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <div className={errors.length ? 'form-view-cell form-view-cell-error ant-form-item-has-error' : 'form-view-cell'}>
      <label htmlFor={id} className="visually-hidden">
        {label}
        {required ? ' *' : ''}
      </label>
      {children}
      {errors.length > 0 && (
        <div className="ant-form-item-explain-error" id={`${id}__error`}>
          {errors.join(' ')}
        </div>
      )}
    </div>
  );
}

/** The whole row object: no label or frame of its own, only its cells. */
export function SubtableRowField({ children }: FieldTemplateProps) {
  return children;
}

/** The uiSchema with the sub-table templates on every sub-table's rows and cells (a property whose items are objects). */
export function withSubtableTemplates(uiSchema: Record<string, unknown>, schema: RJSFSchema): Record<string, unknown> {
  const next: Record<string, unknown> = { ...uiSchema };
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, RJSFSchema>)) {
    const items = property.items as RJSFSchema | undefined;
    if (property.type !== 'array' || !items || items.type !== 'object') continue;
    const ui = (next[key] ?? {}) as Record<string, unknown>;
    const itemsUi: Record<string, unknown> = { ...((ui.items ?? {}) as Record<string, unknown>), 'ui:ObjectFieldTemplate': SubtableRowObject, 'ui:FieldTemplate': SubtableRowField };
    for (const column of Object.keys(items.properties ?? {})) itemsUi[column] = { ...(itemsUi[column] ?? {}), 'ui:FieldTemplate': SubtableCellTemplate };
    next[key] = { ...ui, items: itemsUi };
  }
  return next;
}
