import { Alert, App, Button, Card, Result, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type { RecordFlowState } from '../../../core/contracts/flows.ts';
import type { FormRecord, RecordDetail } from '../../../core/contracts/record.ts';
import { valueFields, type FieldError, type FormDesign, type RecordData } from '../../../core/forms/form-design.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { ApiError } from '../../api/api-error.ts';
import { FormRenderer, type FormRendererHandle } from '../../forms/form-view/form-renderer.tsx';
import { useFormViewApi, type FormViewApi } from '../../forms/form-view/form-view-api.ts';
import { loadVersion, useLoadable, useToken, type LoadedVersion } from '../../forms/form-view/use-form-version.ts';
import { fieldErrorsOf, refusalSummary } from '../../forms/form-view/server-errors.ts';
import { messageOf } from '../../api/error-message.ts';
import { FlowPanel } from './flow-panel.tsx';
import './form-fill.css';
import { textIn } from '../../../core/local-text.ts';

interface EditStart extends LoadedVersion {
  detail: RecordDetail;
}

async function editStart(api: FormViewApi, token: string, id: number): Promise<EditStart> {
  const detail = await api.recordDetail(id);
  // A record is shown and saved with its own version, whatever the form publishes since.
  const loaded = await loadVersion(api, token, detail.record.formId, detail.record.version);
  return { ...loaded, detail };
}

const HTTP_CONFLICT = 409;

/** The fields the viewer's open approval step lets them edit, and the rest (read-only); undefined when it edits none. */
function approverEditable(design: FormDesign, flow: RecordFlowState | null, lng: string): { readOnly: string[]; labels: string[] } | undefined {
  const permissions = flow?.status === 'running' ? flow.myTask?.fieldPermissions : undefined;
  if (!permissions || !Object.values(permissions).includes('editable')) return undefined;
  const fields = valueFields(design);
  return {
    readOnly: fields.filter((f) => permissions[f.key] !== 'editable').map((f) => f.key),
    labels: fields.filter((f) => permissions[f.key] === 'editable').map((f) => textIn(f.label, lng) || f.key),
  };
}

function EditForm({ start, reload }: { start: EditStart; reload: () => void }) {
  const { t, i18n } = useTranslation('forms');
  const api = useFormViewApi();
  const { message } = App.useApp();
  const [record, setRecord] = useState<FormRecord>(start.detail.record);
  const [data, setData] = useState<RecordData>(record.data);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [conflict, setConflict] = useState<RecordData | null>(null);
  const flow = start.detail.flow as RecordFlowState | null;
  // While a flow runs the record changes only through it: the submitter resubmits after a rejection,
  // an approver edits the fields their step makes editable and sends them with the approval.
  const locked = !!flow && (flow.status === 'running' || flow.status === 'approved');
  const resubmitting = !!flow?.canResubmit;
  const approverEdits = useMemo(() => approverEditable(start.version.design, flow, i18n.language), [start.version.design, flow, i18n.language]);
  const renderer = useRef<FormRendererHandle>(null);

  const save = async (value: RecordData, revision = record.revision) => {
    setSaving(true);
    setError('');
    setFieldErrors([]);
    setConflict(null);
    try {
      if (resubmitting) {
        await api.resubmit(record.id, revision, value);
        void message.success(t('view.resubmitted'));
        reload();
        return;
      }
      const saved = await api.updateRecord(record.id, revision, value);
      setRecord(saved);
      setData(saved.data);
      void message.success(t('view.saved'));
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === HTTP_CONFLICT || failure.code === HTTP_CONFLICT)) setConflict(value);
      else {
        setError(refusalSummary(failure, t('view.saveFailed'), t));
        setFieldErrors(fieldErrorsOf(failure));
      }
    } finally {
      setSaving(false);
    }
  };

  // "Keep mine": the newer revision is read only to save over it with what this user typed.
  const keepMine = async (mine: RecordData) => {
    try {
      const fresh = await api.recordDetail(record.id);
      setRecord(fresh.record);
      await save(mine, fresh.record.revision);
    } catch (failure) {
      setError(messageOf(failure, t('view.saveFailed')));
    }
  };

  return (
    <>
      <Card
        className="form-fill-card"
        title={
          <Space wrap>
            <span dir="auto">{textIn(start.version.name, i18n.language)}</span>
            {record.number && <Tag>{record.number}</Tag>}
            <Typography.Text type="secondary">{t('view.versionTag', { version: record.version })}</Typography.Text>
          </Space>
        }
      >
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            className="form-fill-alert"
            title={t('view.conflictTitle')}
            description={t('view.conflictHelp')}
            action={
              <Space direction="vertical">
                <Button size="small" onClick={reload}>
                  {t('view.reloadTheirs')}
                </Button>
                <Button size="small" type="primary" onClick={() => void keepMine(conflict)}>
                  {t('view.keepMine')}
                </Button>
              </Space>
            }
          />
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} className="form-fill-alert" />}
        {approverEdits && <Alert type="info" showIcon className="form-fill-alert" title={t('view.flow.editableHint', { fields: approverEdits.labels.join(', ') })} />}
        <FormRenderer
          version={start.version}
          value={data}
          validator={start.validator}
          onChange={setData}
          onSubmit={(value) => void save(value)}
          disabled={locked && !approverEdits}
          readOnlyFields={approverEdits?.readOnly}
          hiddenFields={flow?.hiddenFields}
          ref={renderer}
          serverErrors={fieldErrors}
        >
          {!locked ? (
            <div className="form-view-actions">
              <Button type="primary" htmlType="submit" loading={saving}>
                {resubmitting ? t('view.resubmit') : t('view.save')}
              </Button>
            </div>
          ) : (
            <></>
          )}
        </FormRenderer>
      </Card>
      {flow && (
        <FlowPanel
          recordId={record.id}
          flow={flow}
          onChanged={reload}
          approvalData={approverEdits ? () => renderer.current?.checkedData() ?? null : undefined}
          onFieldErrors={setFieldErrors}
        />
      )}
    </>
  );
}

/** /table/edit/:id: a record in its own version; saves with its revision, or acts on its approval. */
const EditPage = observer(function EditPage() {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const token = useToken();
  const id = Number(useParams().id);
  const [generation, setGeneration] = useState(0);
  // Opened from a notice (the bell) while already showing the record: read it again.
  const notice = (useLocation().state as { notice?: number } | null)?.notice ?? 0;
  const start = useLoadable(`${id}:${generation}:${notice}`, () => editStart(api, token, id));
  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={t('view.notFound')} />;
  return (
    <div className="form-fill-page">
      <LoadState source={start}>{(loaded) => <EditForm key={`${id}:${generation}:${notice}`} start={loaded} reload={() => setGeneration((n) => n + 1)} />}</LoadState>
    </div>
  );
});

export default EditPage;
