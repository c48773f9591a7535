import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  pointerWithin,
  type CollisionDetection,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_NAMES, FIELD_TYPES, isSection, type FieldType, type FormItem, type PaletteGroup, type SectionDesign } from '../../../core/forms/form-design.ts';
import { CardProblem } from './design-problems.tsx';
import type { DesignStore, DropTarget } from './design-store.ts';
import { FieldLook } from './field-look.tsx';
import { useTextIn } from '../../i18n/local-text.ts';

const PALETTE_GROUPS: PaletteGroup[] = ['basic', 'choice', 'contact', 'upload', 'relation', 'advanced', 'layout'];
const PALETTE_PREFIX = 'palette:';
const CONTAINER_PREFIX = 'container:';
const ROOT = `${CONTAINER_PREFIX}`;
/** Drops of the palette's section entry. */
const SECTION_ENTRY = 'section';

const containerId = (section: string | null) => `${CONTAINER_PREFIX}${section ?? ''}`;

/** Where a drop over `overId` puts an item: before the item under the pointer, or at the end of a container. */
function dropTarget(store: DesignStore, overId: string): DropTarget | null {
  if (overId.startsWith(CONTAINER_PREFIX)) return { section: overId.slice(CONTAINER_PREFIX.length) || null };
  const found = store.find(overId);
  if (!found) return null;
  return { section: found.section?.key ?? null, index: found.index };
}

/**
 * What the pointer is over, innermost first: a field, then a section's body, then a section,
 * then the form. The keyboard (no pointer) goes by the nearest centre.
 */
function designerCollisions(store: DesignStore): CollisionDetection {
  const rank = (id: string) => {
    if (id === ROOT) return 3;
    if (id.startsWith(CONTAINER_PREFIX)) return 1;
    const item = store.find(id)?.item;
    return item && isSection(item) ? 2 : 0;
  };
  return (args) => {
    const within = pointerWithin(args);
    // The form's own area would often be nearest by centre; the keyboard moves between items and sections.
    if (within.length === 0) return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== ROOT) });
    return [...within].sort((a, b) => rank(String(a.id)) - rank(String(b.id)));
  };
}

/** The palette, the canvas and their drag and drop; Space lifts an item for the keyboard, Enter selects it. */
export const DesignerDnd = observer(function DesignerDnd({ store, palette, canvas }: { store: DesignStore; palette: ReactNode; canvas: ReactNode }) {
  const { t } = useTranslation('forms');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const activeId = String(active.id);
    let to = dropTarget(store, String(over.id));
    if (!to) return;
    if (activeId.startsWith(PALETTE_PREFIX)) {
      const type = activeId.slice(PALETTE_PREFIX.length);
      if (type === SECTION_ENTRY) {
        store.addSection(t('designer.types.section'), to.section === null ? to.index : undefined);
      } else {
        store.addField(type as FieldType, t(`designer.types.${type}`), to);
      }
      return;
    }
    if (activeId === String(over.id)) return;
    // A section dropped into a section lands before the section instead.
    if (isSection(store.find(activeId)?.item ?? ({} as FormItem)) && to.section !== null) {
      to = { section: null, index: store.find(to.section)?.index };
    }
    store.move(activeId, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={designerCollisions(store)}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('designer.canvas.dragHelp') },
        announcements: {
          onDragStart: ({ active }) => t('designer.canvas.picked', { item: String(active.id) }),
          onDragOver: ({ over }) => (over ? t('designer.canvas.over', { item: String(over.id) }) : ''),
          onDragEnd: ({ over }) => (over ? t('designer.canvas.dropped', { item: String(over.id) }) : ''),
          onDragCancel: () => t('designer.canvas.cancelled'),
        },
      }}
    >
      {palette}
      {canvas}
    </DndContext>
  );
});

function PaletteEntry({ type, label, onAdd }: { type: string; label: string; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`designer-palette-entry${isDragging ? ' is-dragging' : ''}`}
      data-testid={`palette-${type}`}
      {...attributes}
      {...listeners}
      // Enter (and a click) add to the end; Space starts a keyboard drag.
      onClick={onAdd}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onAdd();
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
    >
      {label}
    </button>
  );
}

/** Every field type, grouped as FIELD_TYPES says, plus sections; click, Enter or drag to add. */
export const Palette = observer(function Palette({ store }: { store: DesignStore }) {
  const { t } = useTranslation('forms');
  // A click adds into the selected section, so a section fills without dragging.
  const target = (): DropTarget => {
    const selected = store.selectedItem;
    return selected && isSection(selected) ? { section: selected.key } : { section: null };
  };
  return (
    <nav className="designer-palette" aria-label={t('designer.palette.title')}>
      {PALETTE_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`palette-group-${group}`}>
          <Typography.Text type="secondary" id={`palette-group-${group}`} className="designer-palette-group">
            {t(`designer.palette.groups.${group}`)}
          </Typography.Text>
          <div className="designer-palette-entries">
            {FIELD_TYPE_NAMES.filter((type) => FIELD_TYPES[type].group === group).map((type) => (
              <PaletteEntry key={type} type={type} label={t(`designer.types.${type}`)} onAdd={() => store.addField(type, t(`designer.types.${type}`), target())} />
            ))}
            {group === 'layout' && <PaletteEntry type={SECTION_ENTRY} label={t('designer.types.section')} onAdd={() => store.addSection(t('designer.types.section'))} />}
          </div>
        </section>
      ))}
    </nav>
  );
});

function Droppable({ id, className, children, label }: { id: string; className: string; children: ReactNode; label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <div ref={setNodeRef} className={`${className}${isOver ? ' is-over' : ''}`} aria-label={label} role="list">
      {children}
    </div>
  );
}

const SortableItem = observer(function SortableItem({ store, item, children }: { store: DesignStore; item: FormItem; children: ReactNode }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const selected = store.selected === item.key;
  const problem = store.problems.some((p) => p.itemKey === item.key);
  const title = textOf(isSection(item) ? item.title : item.label) || item.key;
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{ transform: CSS.Translate.toString(transform), transition, gridColumn: isSection(item) ? '1 / -1' : `span ${item.span ?? 24}` }}
      className={`designer-item${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${problem ? ' has-problem' : ''}${isSection(item) ? ' is-section' : ''}`}
      data-testid={`item-${item.key}`}
    >
      <div
        className="designer-item-head"
        {...attributes}
        {...listeners}
        aria-label={t('designer.canvas.itemLabel', { label: title, type: t(`designer.types.${item.type}`) })}
        aria-pressed={selected}
        onClick={() => store.select(item.key)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            store.select(item.key);
            return;
          }
          if (event.key === 'Delete') {
            store.remove(item.key);
            return;
          }
          listeners?.onKeyDown?.(event);
        }}
      >
        <HolderOutlined className="designer-handle" aria-hidden />
        <span className="designer-item-label" dir="auto">
          {title}
          {!isSection(item) && item.required && <span className="designer-required" aria-hidden> *</span>}
        </span>
        <Tag className="designer-item-type">{t(`designer.types.${item.type}`)}</Tag>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('designer.canvas.remove', { label: title })}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.stopPropagation();
            store.remove(item.key);
          }}
        />
      </div>
      {children}
      <CardProblem store={store} itemKey={item.key} />
    </div>
  );
});

const SectionBody = observer(function SectionBody({ store, section }: { store: DesignStore; section: SectionDesign }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  return (
    <SortableContext id={containerId(section.key)} items={section.fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
      <Droppable id={containerId(section.key)} className="designer-grid designer-section-body" label={t('designer.canvas.sectionBody', { title: textOf(section.title) })}>
        {section.fields.length === 0 && <div className="designer-drop-hint">{t('designer.canvas.dropInSection')}</div>}
        {section.fields.map((field) => (
          <SortableItem key={field.key} store={store} item={field}>
            <FieldLook field={field} />
          </SortableItem>
        ))}
      </Droppable>
    </SortableContext>
  );
});

/** The form as it will look: fields in their columns, sections holding theirs. */
export const Canvas = observer(function Canvas({ store }: { store: DesignStore }) {
  const { t } = useTranslation('forms');
  const items = store.design.items;
  return (
    <SortableContext id={ROOT} items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
      <Droppable id={ROOT} className="designer-grid designer-canvas" label={t('designer.canvas.title')}>
        {items.length === 0 && <div className="designer-drop-hint designer-empty">{t('designer.canvas.empty')}</div>}
        {items.map((item) => (
          <SortableItem key={item.key} store={store} item={item}>
            {isSection(item) ? <SectionBody store={store} section={item} /> : <FieldLook field={item} />}
          </SortableItem>
        ))}
      </Droppable>
    </SortableContext>
  );
});
