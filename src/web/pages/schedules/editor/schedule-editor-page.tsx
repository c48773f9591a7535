import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  FlagOutlined,
  HistoryOutlined,
  PrinterOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
  RedoOutlined,
  ReloadOutlined,
  SaveOutlined,
  ShareAltOutlined,
  StarOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Modal, Result, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { instantText } from '../../../../core/format.ts';
import { SCHEDULE_EVENT, SCHEDULE_POINTS } from '../../../../core/contracts/schedules.ts';
import { formatDurationShort } from '../../../../core/schedule/durations.ts';
import { predecessorsText } from '../../../gantt/gantt-rows.ts';
import { GanttChart, type BarEditor, type CellEditor } from '../../../gantt/gantt-chart.tsx';
import type { GanttColumn } from '../../../gantt/gantt-columns.ts';
import { GanttToolbar } from '../../../gantt/gantt-toolbar.tsx';
import { dateText } from '../../../gantt/gantt-texts.ts';
import { openPushedEvents } from '../../../api/pushed-events.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { SchedulePrintDialog } from '../schedule-print-dialog.tsx';
import { ScheduleShareDialog } from '../schedule-share-dialog.tsx';
import { BaselineDialog } from './baseline-dialog.tsx';
import { dateInput, readCell } from './cell-edits.ts';
import { HistoryDrawer } from './history-drawer.tsx';
import { canIndent, canMoveDown, canMoveUp, canOutdent, deleteTask, indentTask, insertTaskBelow, isSummary, linkTasks, moveTaskDown, moveTaskUp, outdentTask, resizeTask, toggleMilestone, updateTask } from './edits.ts';
import { ScheduleEditorStore, type EditRefusal } from './schedule-editor-store.ts';
import './schedule-editor.css';

/** A refused edit in the reader's words: a loop names its tasks. */
function refusalText(t: TFunction, refusal: EditRefusal): string {
  if (refusal.problem === 'loop') return t('schedules:editor.refused.loop', { names: [...refusal.names, refusal.names[0]].join(' → ') });
  return t('schedules:editor.refused.change', { message: refusal.message });
}

/**
 * /gantt/:id: one schedule to edit. It is scheduled in the browser by the same engine as the
 * server's; each edit is a change re-scheduled at once, kept for undo, and sent on Save
 * against the revision loaded. Others' saves arrive as pushes.
 */
const ScheduleEditorPage = observer(function ScheduleEditorPage() {
  const { t } = useTranslation('schedules');
  const { id } = useParams();
  const scheduleId = Number(id);
  if (!Number.isInteger(scheduleId) || scheduleId < 1) return <NotFound t={t} />;
  return <Editor key={scheduleId} id={scheduleId} />;
});

export default ScheduleEditorPage;

function NotFound({ t }: { t: TFunction }) {
  return <Result status="404" title={t('editor.notFound')} extra={<Link to="/gantt-list">{t('editor.backToList')}</Link>} />;
}

const Editor = observer(function Editor({ id }: { id: number }) {
  const { t, i18n } = useTranslation('schedules');
  const stores = useStores();
  const { message, modal } = App.useApp();
  const rtl = i18n.dir() === 'rtl';
  const [store] = useState(() => new ScheduleEditorStore(stores.api.http, id, rtl));

  useEffect(() => store.gantt.setRtl(rtl), [store, rtl]);
  useEffect(() => {
    void store.load();
    void store.readColumns();
    return openPushedEvents<{ id: number; revision: number }>({
      ticket: async () => (await stores.api.notifyStreamTicket()).ticket,
      event: SCHEDULE_EVENT,
      onData: (pushed) => {
        if (pushed.id === id) void store.pushed(pushed.revision);
      },
    });
  }, [store, stores, id]);

  const [baselinesOpen, setBaselinesOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const mayShare = useHeldPoints('schedule').has(SCHEDULE_POINTS.manage);
  const refused = (refusal: EditRefusal | null) => {
    if (refusal) void message.error(refusalText(t, refusal));
  };

  const save = async () => {
    try {
      const outcome = await store.save();
      if (outcome === 'saved') void message.success(t('editor.savedMessage'));
    } catch {
      void message.error(t('editor.saveFailed', { message: store.error }));
    }
  };

  const selected = () => (store.model && store.gantt.selectedId !== null && store.model.tasks.some((task) => task.id === store.gantt.selectedId) ? store.gantt.selectedId : null);

  const actions = {
    insert: () => {
      if (!store.model) return;
      const entry = insertTaskBelow(store.model, selected(), t('editor.newTask'));
      if (!store.edit(entry)) store.gantt.startEdit(entry.id, 'name', t('editor.newTask'));
    },
    remove: () => {
      const taskId = selected();
      if (!store.model || taskId === null) return;
      const run = () => {
        const at = store.gantt.rows.indexOf(store.gantt.outline.rowOf.get(taskId) ?? -1);
        refused(store.edit(deleteTask(store.model!, taskId)));
        // The row that took its place is selected, as in MS Project.
        const rows = store.gantt.rows;
        const next = rows[Math.min(at, rows.length - 1)];
        store.gantt.select(next === undefined ? null : store.gantt.model.tasks[next]!.id);
      };
      if (!isSummary(store.model, taskId)) return run();
      const task = store.model.tasks.find((candidate) => candidate.id === taskId)!;
      modal.confirm({ title: t('editor.deleteSummary', { name: task.name }), okText: t('editor.delete'), okButtonProps: { danger: true }, cancelText: t('editor.cancel'), onOk: run });
    },
    indent: () => {
      const taskId = selected();
      if (store.model && taskId !== null && canIndent(store.model, taskId)) refused(store.edit(indentTask(store.model, taskId)));
    },
    outdent: () => {
      const taskId = selected();
      if (store.model && taskId !== null && canOutdent(store.model, taskId)) refused(store.edit(outdentTask(store.model, taskId)));
    },
    moveUp: () => {
      const taskId = selected();
      if (store.model && taskId !== null && canMoveUp(store.model, taskId)) refused(store.edit(moveTaskUp(store.model, taskId)));
    },
    moveDown: () => {
      const taskId = selected();
      if (store.model && taskId !== null && canMoveDown(store.model, taskId)) refused(store.edit(moveTaskDown(store.model, taskId)));
    },
    milestone: () => {
      const taskId = selected();
      if (store.model && taskId !== null && !isSummary(store.model, taskId)) refused(store.edit(toggleMilestone(store.model, taskId)));
    },
    undo: () => refused(store.undo()),
    redo: () => refused(store.redo()),
  };

  // The editor's keys: Insert, Delete, Alt+Shift+arrows (mirrored in Arabic), Ctrl+Z / Ctrl+Y, Ctrl+S.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (store.status !== 'ready') return;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && key === 's') {
        event.preventDefault();
        if (store.canEdit) void save();
        return;
      }
      const target = event.target as HTMLElement | null;
      if (!store.canEdit || store.gantt.editing || target?.closest('input, textarea, [contenteditable="true"], .ant-modal')) return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
      let run: (() => void) | null = null;
      if ((event.ctrlKey || event.metaKey) && key === 'z' && !event.shiftKey) run = actions.undo;
      else if ((event.ctrlKey || event.metaKey) && (key === 'y' || (key === 'z' && event.shiftKey))) run = actions.redo;
      else if (event.altKey && event.shiftKey && event.key === forward) run = actions.indent;
      else if (event.altKey && event.shiftKey && event.key === backward) run = actions.outdent;
      else if (event.altKey && event.shiftKey && event.key === 'ArrowUp') run = actions.moveUp;
      else if (event.altKey && event.shiftKey && event.key === 'ArrowDown') run = actions.moveDown;
      else if (event.key === 'Insert' && !event.altKey && !event.ctrlKey) run = actions.insert;
      else if (event.key === 'Delete' && !event.altKey && !event.ctrlKey) run = actions.remove;
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const cellEditor = useMemo<CellEditor>(() => {
    const shown = (taskId: number, column: GanttColumn): string => {
      const model = store.model!;
      const task = model.tasks.find((candidate) => candidate.id === taskId);
      const drawn = store.gantt.drawn[store.gantt.outline.rowOf.get(taskId) ?? -1];
      if (!task || !drawn) return '';
      switch (column) {
        case 'name':
          return task.name;
        case 'duration':
          return formatDurationShort(drawn.duration, task.unit, model.settings);
        case 'start':
          return dateInput(drawn.start);
        case 'finish':
          return dateInput(drawn.finish);
        case 'predecessors':
          return predecessorsText(store.gantt.predecessors.get(taskId), store.gantt.outline, model);
        case 'percentComplete':
          return String(task.percentComplete);
        default:
          return '';
      }
    };
    return {
      canEdit: (taskId, column) => {
        if (!store.canEdit || !store.model) return false;
        if (column === 'name' || column === 'predecessors') return true;
        if (column === 'duration' || column === 'start' || column === 'finish' || column === 'percentComplete') return !isSummary(store.model, taskId);
        return false;
      },
      textOf: shown,
      commit: (taskId, column, text) => {
        const reading = readCell(t, store.model!, taskId, column, text, shown(taskId, column));
        if (!reading.ok) return reading.reason;
        if (!reading.entry) return null;
        const refusal = store.edit(reading.entry);
        return refusal ? refusalText(t, refusal) : null;
      },
    };
  }, [store, t]);

  // The chart is given the same bar editor from render to render; it says a refusal as the page does.
  const refusedRef = useRef(refused);
  refusedRef.current = refused;
  const barEditor = useMemo<BarEditor>(() => {
    const refuse = (refusal: EditRefusal | null) => refusedRef.current(refusal);
    return {
      canDrag: (taskId, zone) => {
        const model = store.model;
        if (!store.canEdit || !model || isSummary(model, taskId)) return false;
        const task = model.tasks.find((each) => each.id === taskId);
        const milestone = !task || task.milestone || task.duration === 0;
        return !(milestone && (zone === 'finish' || zone === 'progress'));
      },
      move: (taskId, start) => refuse(store.edit(updateTask(store.model!, taskId, { constraint: { type: 'SNET', date: start } }))),
      resize: (taskId, finish) => {
        const drawn = store.gantt.drawn[store.gantt.outline.rowOf.get(taskId) ?? -1];
        if (drawn?.start !== undefined) refuse(store.edit(resizeTask(store.model!, taskId, drawn.start, finish)));
      },
      progress: (taskId, percent) => refuse(store.edit(updateTask(store.model!, taskId, { percentComplete: percent }))),
      link: (from, to, type) => refuse(store.edit(linkTasks(store.model!, from, to, type))),
    };
  }, [store]);

  if (store.status === 'notFound') return <NotFound t={t} />;
  if (store.status === 'failed') {
    return (
      <Result
        status="error"
        title={t('editor.loadFailed')}
        subTitle={store.error || undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void store.load()}>
            {t('editor.retry')}
          </Button>
        }
      />
    );
  }
  if (store.status === 'loading' || !store.detail || !store.model) {
    return (
      <div className="schedule-editor-loading" role="status" aria-live="polite">
        <Spin />
        <span className="schedule-editor-hidden">{t('editor.loading')}</span>
      </div>
    );
  }

  const detail = store.detail;
  const statusDate = store.model.settings.statusDate;
  const editable = store.canEdit;
  const stateColor = { saved: 'success', unsaved: 'warning', saving: 'processing' } as const;

  return (
    <div className="schedule-editor">
      <header className="schedule-editor-head">
        <div className="schedule-editor-title">
          <Typography.Title level={4} className="schedule-editor-name" dir="auto">
            {detail.name}
          </Typography.Title>
          <span className="schedule-editor-meta">
            {statusDate === undefined ? t('editor.noStatusDate') : t('editor.statusDate', { date: dateText(i18n.language, statusDate) })}
          </span>
          <Tag color={stateColor[store.saveState]} role="status" aria-live="polite" className="schedule-editor-state">
            {t(`editor.state.${store.saveState}`)}
          </Tag>
          {!editable && <Tag>{t(detail.status === 'archived' ? 'editor.archived' : 'editor.readOnly')}</Tag>}
        </div>
        <Space wrap size="small" className="schedule-editor-tools">
          {editable && (
            <>
              <Space.Compact>
                <ToolButton title={t('editor.insert')} keys="Insert" icon={<PlusOutlined />} onClick={actions.insert} />
                <ToolButton title={t('editor.delete')} keys="Delete" icon={<DeleteOutlined />} onClick={actions.remove} />
                <ToolButton title={t('editor.outdent')} keys={rtl ? 'Alt+Shift+→' : 'Alt+Shift+←'} icon={rtl ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={actions.outdent} />
                <ToolButton title={t('editor.indent')} keys={rtl ? 'Alt+Shift+←' : 'Alt+Shift+→'} icon={rtl ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} onClick={actions.indent} />
                <ToolButton title={t('editor.moveUp')} keys="Alt+Shift+↑" icon={<ArrowUpOutlined />} onClick={actions.moveUp} />
                <ToolButton title={t('editor.moveDown')} keys="Alt+Shift+↓" icon={<ArrowDownOutlined />} onClick={actions.moveDown} />
                <ToolButton title={t('editor.milestone')} icon={<StarOutlined />} onClick={actions.milestone} />
              </Space.Compact>
              <Space.Compact>
                <ToolButton title={t('editor.undo')} keys="Ctrl+Z" icon={<UndoOutlined />} onClick={actions.undo} disabled={!store.canUndo} />
                <ToolButton title={t('editor.redo')} keys="Ctrl+Y" icon={<RedoOutlined />} onClick={actions.redo} disabled={!store.canRedo} />
              </Space.Compact>
              <Button icon={<FlagOutlined />} onClick={() => setBaselinesOpen(true)} aria-haspopup="dialog">
                {t('baselines.button')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} loading={store.saving} disabled={store.saveState !== 'unsaved'} onClick={() => void save()} title="Ctrl+S">
                {t('editor.save')}
              </Button>
            </>
          )}
          {mayShare && (
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} aria-haspopup="dialog">
              {t('share.button')}
            </Button>
          )}
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} aria-haspopup="dialog">
            {t('history.button')}
          </Button>
          <Tooltip title={store.saveState === 'saved' ? undefined : t('print.saveFirst')}>
            <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} disabled={store.saveState !== 'saved'} aria-haspopup="dialog">
              {t('print.button')}
            </Button>
          </Tooltip>
          <GanttToolbar store={store.gantt} onColumnsChange={(columns) => store.keepColumns(columns)} />
        </Space>
      </header>
      {store.newerRevision !== null && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="schedule-editor-alert"
          title={t('editor.newer')}
          action={
            <Button size="small" icon={<ArrowDownOutlined />} onClick={() => void store.load()}>
              {t('editor.reload')}
            </Button>
          }
        />
      )}
      <div className="schedule-editor-chart">
        <GanttChart store={store.gantt} cellEditor={cellEditor} barEditor={barEditor} />
      </div>
      {mayShare && <ScheduleShareDialog scheduleId={id} scheduleName={detail.name} open={sharing} onClose={() => setSharing(false)} />}
      <HistoryDrawer http={stores.api.http} scheduleId={id} revision={store.revision} open={historyOpen} onClose={() => setHistoryOpen(false)} />
      <SchedulePrintDialog scheduleId={id} scheduleName={detail.name} baselines={store.model.baselines} open={printing} onClose={() => setPrinting(false)} />
      {editable && <BaselineDialog store={store} open={baselinesOpen} onClose={() => setBaselinesOpen(false)} refused={refused} />}
      <Modal
        open={store.conflict !== null}
        title={t('editor.conflict.title')}
        okText={t('editor.reload')}
        cancelText={t('editor.conflict.keep')}
        onOk={() => void store.load()}
        onCancel={() => store.dismissConflict()}
      >
        {store.conflict && (
          <p>
            {t('editor.conflict.body', {
              by: store.conflict.by ?? t('editor.someoneElse'),
              time: instantText(store.conflict.at, i18n.language),
            })}
          </p>
        )}
      </Modal>
    </div>
  );
});

function ToolButton({ title, keys, icon, onClick, disabled }: { title: string; keys?: string; icon: React.ReactNode; onClick: () => void; disabled?: boolean }) {
  const label = keys ? `${title} (${keys})` : title;
  return (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={title} aria-keyshortcuts={keys?.replace(/\+/g, '+')} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}
