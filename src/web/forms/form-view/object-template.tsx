import type { ObjectFieldTemplateProps, ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import { Card, Collapse, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { evaluateCondition } from '../../../core/forms/conditions.ts';
import type { ConditionGroup, RecordData } from '../../../core/forms/form-design.ts';

interface FieldOptions {
  span?: number;
  section?: string;
  visibleIf?: ConditionGroup;
}

interface SectionOptions {
  key: string;
  title: string;
  description?: string;
  collapsible?: boolean;
  visibleIf?: ConditionGroup;
}

const optionsOf = (uiSchema: Record<string, unknown> | undefined, name: string): FieldOptions =>
  ((uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:options'] as FieldOptions | undefined) ?? {};

/** Whether a field shows, judged on the values of its own object (the record, or its sub-table row). */
export function fieldVisible(uiSchema: Record<string, unknown> | undefined, name: string, values: RecordData): boolean {
  const { visibleIf } = optionsOf(uiSchema, name);
  return !visibleIf || evaluateCondition(visibleIf, values);
}

/**
 * The 24-column grid (one column on narrow screens, see form-view.css). Plain elements, not
 * antd's Row and Col: this re-renders with every change of the object, and hundreds of Cols
 * with their style hooks cost more than a frame.
 */
function Columns({ properties, uiSchema }: { properties: ObjectFieldTemplatePropertyType[]; uiSchema: Record<string, unknown> | undefined }) {
  return (
    <div className="form-view-grid">
      {properties.map((p) => (
        <div key={p.name} className="form-view-grid-cell" style={{ '--form-view-span': optionsOf(uiSchema, p.name).span ?? 24 } as CSSProperties}>
          {p.content}
        </div>
      ))}
    </div>
  );
}

/**
 * Lays an object's fields out on a 24-column grid, top-level fields grouped in their design
 * sections (cards, collapsible when the design says so). A field whose visibility condition
 * fails is not drawn; the screens drop its value on submit.
 */
export function FormObjectTemplate({ properties, uiSchema, formData }: ObjectFieldTemplateProps) {
  const ui = uiSchema as Record<string, unknown> | undefined;
  const values = (formData ?? {}) as RecordData;
  const shown = properties.filter((p) => !p.hidden && fieldVisible(ui, p.name, values));
  const sections = ((ui?.['ui:options'] as { sections?: SectionOptions[] } | undefined)?.sections ?? []).filter(
    (s) => !s.visibleIf || evaluateCondition(s.visibleIf, values),
  );
  if (!sections.length) return <Columns properties={shown} uiSchema={ui} />;

  // Fields keep design order; a run of fields of one section becomes that section's card.
  const blocks: ReactNode[] = [];
  let run: ObjectFieldTemplatePropertyType[] = [];
  let runSection: string | undefined;
  const flush = () => {
    if (!run.length) return;
    const section = sections.find((s) => s.key === runSection);
    const body = <Columns properties={run} uiSchema={ui} />;
    if (!section) blocks.push(<div key={`loose-${blocks.length}`}>{body}</div>);
    else if (section.collapsible) {
      blocks.push(
        <Collapse
          key={section.key}
          className="form-view-section"
          defaultActiveKey={[section.key]}
          items={[{ key: section.key, label: section.title, children: <>{section.description && <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>}{body}</> }]}
        />,
      );
    } else {
      blocks.push(
        <Card key={section.key} className="form-view-section" title={section.title} size="small">
          {section.description && <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>}
          {body}
        </Card>,
      );
    }
    run = [];
  };
  for (const p of shown) {
    const section = optionsOf(ui, p.name).section;
    if (section !== runSection) {
      flush();
      runSection = section;
    }
    run.push(p);
  }
  flush();
  return <>{blocks}</>;
}
