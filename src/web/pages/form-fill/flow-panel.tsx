import { Alert, App, Button, Card, Input, Select, Space, Timeline, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_REJECT_TO_SUBMITTER, type FlowTimelineEntry, type RecordFlowState } from '../../../core/contracts/flows.ts';
import { formatServerDate } from '../../../core/format.ts';
import type { FieldError, RecordData } from '../../../core/forms/form-design.ts';
import { MemberSelect } from '../../forms/form-view/picker-widgets.tsx';
import { useFormViewApi } from '../../forms/form-view/form-view-api.ts';
import { fieldErrorsOf, refusalSummary } from '../../forms/form-view/server-errors.ts';
import { useTextIn } from '../../i18n/local-text.ts';

type Action = 'approve' | 'reject' | 'transfer';

interface FlowPanelProps {
  recordId: number;
  flow: RecordFlowState;
  /** After a command: the screen reads the record again. */
  onChanged: () => void;
  /**
   * The approver's edits to send with an approval (fields their step makes editable): the
   * checked data, null while the form shows an error, undefined when the step edits nothing.
   */
  approvalData?: () => RecordData | null | undefined;
  /** The server refused the edits: its errors, to show beside the fields. */
  onFieldErrors?: (errors: FieldError[]) => void;
}

/** A control with its name above it, as the form's own fields have. */
function Labeled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="form-fill-flow-control">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function TaskActions({ recordId, flow, onChanged, approvalData, onFieldErrors }: FlowPanelProps) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const api = useFormViewApi();
  const { message } = App.useApp();
  const task = flow.myTask!;
  const [action, setAction] = useState<Action>('approve');
  const [comment, setComment] = useState('');
  const [rejectTo, setRejectTo] = useState<string>(FLOW_REJECT_TO_SUBMITTER);
  const [assignee, setAssignee] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const needsComment = action === 'reject' && comment.trim() === '';
  const needsAssignee = action === 'transfer' && assignee === undefined;

  const run = async () => {
    const data = action === 'approve' ? approvalData?.() : undefined;
    if (data === null) return;
    setBusy(true);
    setError('');
    try {
      if (action === 'approve') await api.approve(task.taskId, comment.trim() || undefined, data);
      else if (action === 'reject') await api.reject(task.taskId, comment.trim(), rejectTo);
      else await api.transfer(task.taskId, assignee!, comment.trim() || undefined);
      void message.success(t(`view.flow.done.${action}`));
      onChanged();
    } catch (failure) {
      setError(refusalSummary(failure, t('view.flow.failed'), t));
      onFieldErrors?.(fieldErrorsOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-record={recordId}>
      <Typography.Text strong>{t('view.flow.yourTask', { node: textOf(task.nodeName) })}</Typography.Text>
      <Labeled id="flow-action" label={t('view.flow.action')}>
        <Select<Action>
          id="flow-action"
          value={action}
          onChange={setAction}
          options={(['approve', 'reject', 'transfer'] as const).map((a) => ({ value: a, label: t(`view.flow.actions.${a}`) }))}
          style={{ minWidth: 200 }}
        />
      </Labeled>
      {action === 'reject' && (
        <Labeled id="flow-reject-to" label={t('view.flow.rejectTo')}>
          <Select<string>
            id="flow-reject-to"
            value={rejectTo}
            onChange={setRejectTo}
            options={[
              { value: FLOW_REJECT_TO_SUBMITTER, label: t('view.flow.toSubmitter') },
              ...task.rejectTargets.map((target) => ({ value: target.nodeId, label: textOf(target.nodeName) })),
            ]}
            style={{ minWidth: 200 }}
          />
        </Labeled>
      )}
      {action === 'transfer' && (
        <Labeled id="flow-transfer-member" label={t('view.flow.transferTo')}>
          <div style={{ maxWidth: 320 }}>
            <MemberSelect id="flow-transfer-member" value={assignee} onChange={(next) => setAssignee(typeof next === 'number' ? next : undefined)} />
          </div>
        </Labeled>
      )}
      <Labeled id="flow-comment" label={t('view.flow.comment')}>
        <Input.TextArea
        id="flow-comment"
        placeholder={action === 'reject' ? t('view.flow.commentRequired') : t('view.flow.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={1000}
        />
      </Labeled>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Button type="primary" danger={action === 'reject'} loading={busy} disabled={needsComment || needsAssignee} onClick={() => void run()}>
        {t(`view.flow.actions.${action}`)}
      </Button>
    </Space>
  );
}

function FlowTimeline({ recordId, refresh }: { recordId: number; refresh: number }) {
  const { t, i18n } = useTranslation('forms');
  const textOf = useTextIn();
  const api = useFormViewApi();
  const [entries, setEntries] = useState<FlowTimelineEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api
      .timeline(recordId)
      .then((list) => current && setEntries(list))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [api, recordId, refresh]);
  if (failed) return <Alert type="error" showIcon title={t('view.flow.timelineFailed')} />;
  if (!entries) return <Typography.Text type="secondary">{t('view.loading')}</Typography.Text>;
  return (
    <Timeline
      items={entries.map((entry) => ({
        key: entry.id,
        content: (
          <div>
            <Typography.Text strong>{t(`view.flow.events.${entry.action}`, { defaultValue: entry.action })}</Typography.Text>
            {entry.nodeName && <Typography.Text type="secondary"> · <bdi>{textOf(entry.nodeName)}</bdi></Typography.Text>}
            <div>
              {entry.actor?.name ?? t('view.flow.system')} · {formatServerDate(entry.createTime, i18n.language)}
            </div>
            {entry.comment && (
              <Typography.Paragraph type="secondary" dir="auto">
                {entry.comment}
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** A record's approval: the viewer's pending task actions, withdraw for the submitter, and the timeline. */
export function FlowPanel({ recordId, flow, onChanged, approvalData, onFieldErrors }: FlowPanelProps) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const api = useFormViewApi();
  const [refresh, setRefresh] = useState(0);
  const [error, setError] = useState('');
  const changed = () => {
    setRefresh((n) => n + 1);
    onChanged();
  };
  const withdraw = async () => {
    try {
      await api.withdraw(recordId);
      changed();
    } catch (failure) {
      setError(refusalSummary(failure, t('view.flow.failed'), t));
    }
  };
  return (
    <Card className="form-fill-flow" title={t('view.flow.title')} size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {t(`view.flow.status.${flow.status}`, { defaultValue: flow.status })}
          {flow.currentNodeName && ` · ${textOf(flow.currentNodeName)}`}
          {flow.waitingFor.length > 0 && ` · ${t('view.flow.waitingFor', { names: flow.waitingFor.map((p) => p.name).join(', ') })}`}
        </Typography.Text>
        {flow.myTask && <TaskActions recordId={recordId} flow={flow} onChanged={changed} approvalData={approvalData} onFieldErrors={onFieldErrors} />}
        {flow.canWithdraw && (
          <Button onClick={() => void withdraw()}>{t('view.flow.withdraw')}</Button>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        <FlowTimeline recordId={recordId} refresh={refresh} />
      </Space>
    </Card>
  );
}
