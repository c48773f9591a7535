import { ArrowLeftOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Result, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { FormRecord } from '../../../core/contracts/record.ts';
import { initialRecordData, keepDesignFields } from '../../../core/forms/record-validation.ts';
import type { FieldError, RecordData } from '../../../core/forms/form-design.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { FormRenderer } from '../../forms/form-view/form-renderer.tsx';
import { useFormViewApi, type FormViewApi } from '../../forms/form-view/form-view-api.ts';
import { loadVersion, useLoadable, useToken, type LoadedVersion } from '../../forms/form-view/use-form-version.ts';
import { fieldErrorsOf, refusalSummary } from '../../forms/form-view/server-errors.ts';
import { ShareDialog } from './share-dialog.tsx';
import { useDraftAutosave } from './use-draft-autosave.ts';
import './form-fill.css';

/** What a fill screen starts from: a form's published version, with empty, draft or copied data. */
interface FillStart extends LoadedVersion {
  formId: number;
  data: RecordData;
  draftId?: number;
}

type FillMode = 'new' | 'draft' | 'copy';

/** `notPublished`: the message when the form has no version the user may fill. */
async function currentVersionStart(api: FormViewApi, token: string, formId: number, notPublished: string): Promise<FillStart> {
  const form = (await api.formOptions()).find((f) => f.id === formId);
  if (!form) throw new Error(notPublished);
  const loaded = await loadVersion(api, token, formId, form.currentVersion);
  return { ...loaded, formId, data: initialRecordData(loaded.version.design, loaded.version.settings, new Date()) };
}

async function startOf(api: FormViewApi, token: string, mode: FillMode, id: number, notPublished: string): Promise<FillStart> {
  if (mode === 'draft') {
    const draft = await api.draft(id);
    const loaded = await loadVersion(api, token, draft.formId, draft.version);
    return { ...loaded, formId: draft.formId, data: draft.data, draftId: draft.id };
  }
  if (mode === 'copy') {
    const detail = await api.recordDetail(id);
    const start = await currentVersionStart(api, token, detail.record.formId, notPublished);
    // Copies take what the current version still has; the number and flow state are the new record's own.
    return { ...start, data: keepDesignFields(start.version.design, detail.record.data) };
  }
  return currentVersionStart(api, token, id, notPublished);
}

function modeOf(pathname: string): FillMode {
  if (pathname.startsWith('/table/staging/')) return 'draft';
  if (pathname.startsWith('/table/copy/')) return 'copy';
  return 'new';
}

interface FillFormProps {
  start: FillStart;
  compact: boolean;
}

function FillForm({ start, compact }: FillFormProps) {
  const { t } = useTranslation('forms');
  const textIn = useTextIn();
  const api = useFormViewApi();
  const [data, setData] = useState<RecordData>(start.data);
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<FormRecord | null>(null);
  const [sharing, setSharing] = useState(false);
  const { draftId, status } = useDraftAutosave(api, start.formId, data, dirty && !created && !submitting, start.draftId);

  if (created) {
    return (
      <Result
        status="success"
        title={t('view.submitted', { number: created.number ?? created.id })}
        extra={
          <Space wrap>
            <Link to={`/table/edit/${created.id}`}>{t('view.openRecord')}</Link>
            <Button onClick={() => window.location.reload()}>{t('view.fillAnother')}</Button>
          </Space>
        }
      />
    );
  }

  const submit = async (value: RecordData) => {
    setSubmitting(true);
    setError('');
    setFieldErrors([]);
    try {
      setCreated(await api.createRecord(start.formId, value, draftId));
    } catch (failure) {
      setError(refusalSummary(failure, t('view.submitFailed'), t));
      setFieldErrors(fieldErrorsOf(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card
      className={compact ? 'form-fill-card form-fill-compact' : 'form-fill-card'}
      title={<span dir="auto">{textIn(start.version.name)}</span>}
      extra={
        !compact && (
          <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
            {t('view.share')}
          </Button>
        )
      }
    >
      {error && <Alert type="error" showIcon role="alert" title={error} className="form-fill-alert" />}
      <FormRenderer
        version={start.version}
        value={data}
        validator={start.validator}
        onChange={(next) => {
          setData(next);
          setDirty(true);
        }}
        onSubmit={(value) => void submit(value)}
        serverErrors={fieldErrors}
      >
        <div className="form-view-actions">
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('view.submit')}
          </Button>
          <Typography.Text type="secondary" role="status" aria-live="polite" data-draft-state={status.state}>
            {status.state === 'saving' && t('view.draftSaving')}
            {status.state === 'saved' && t('view.draftSaved', { time: status.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })}
            {status.state === 'failed' && t('view.draftFailed')}
          </Typography.Text>
        </div>
      </FormRenderer>
      {sharing && <ShareDialog formId={start.formId} onClose={() => setSharing(false)} />}
    </Card>
  );
}

/** The phone screen opened without a form (from the menu): the published forms to choose from. */
function FormChoice() {
  const { t } = useTranslation('forms');
  const textIn = useTextIn();
  const api = useFormViewApi();
  const forms = useLoadable('forms', () => api.formOptions());
  return (
    <Card title={t('view.pickForm')}>
      <LoadState source={forms} empty={{ when: (list) => list.length === 0, description: t('view.noForms') }}>
        {(list) => (
          <List
            dataSource={list}
            renderItem={(form) => (
              <List.Item>
                <Link to={`/table/mobileFill?formId=${form.id}`} dir="auto">
                  {textIn(form.name)}
                </Link>
              </List.Item>
            )}
          />
        )}
      </LoadState>
    </Card>
  );
}

type BackPlace = 'mobileForms' | 'home' | 'catalogue' | 'records' | 'drafts';

/**
 * Where a fill screen leads back to: the list it is opened from. The phone screen has no menu
 * or tabs, so this link is its only way out: from a form to the forms to fill (where a shared
 * link's visitor also lands), from that list home.
 */
function backOf(pathname: string, hasForm: boolean, formId: number | undefined): { to: string; place: BackPlace } {
  if (pathname === '/table/mobileFill') return hasForm ? { to: '/table/mobileFill', place: 'mobileForms' } : { to: '/home', place: 'home' };
  if (pathname.startsWith('/table/staging/')) return { to: '/table/staging', place: 'drafts' };
  if (pathname.startsWith('/table/fill/') || formId === undefined) return { to: '/table/formData', place: 'catalogue' };
  return { to: `/table/dataList/${formId}`, place: 'records' };
}

function BackBar({ to, place }: { to: string; place: BackPlace }) {
  const { t } = useTranslation('forms');
  return (
    <div className="form-fill-bar">
      <Link to={to} className="form-fill-back" data-testid="fill-back">
        <ArrowLeftOutlined aria-hidden className="form-fill-back-arrow" />
        <span>{t('view.back.label', { place: t(`view.back.${place}`) })}</span>
      </Link>
    </div>
  );
}

/** /table/fill/:id, /table/create/:id, /table/copy/:id, /table/staging/:id and /table/mobileFill?formId=. */
const FillPage = observer(function FillPage() {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const token = useToken();
  const { pathname } = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const compact = pathname === '/table/mobileFill';
  const id = Number(compact ? search.get('formId') : params.id);
  const mode = modeOf(pathname);
  const valid = Number.isInteger(id) && id > 0;
  const start = useLoadable(`${mode}:${id}`, () => (valid ? startOf(api, token, mode, id, t('view.notPublished')) : Promise.reject(new Error(t('view.notFound')))));
  // A copy names its record; the form it lists under is known once the record is read.
  const back = backOf(pathname, !!search.get('formId'), mode === 'copy' ? start.data?.formId : id);
  if (compact && !search.get('formId')) {
    return (
      <div className="form-fill-page form-fill-phone">
        <BackBar {...back} />
        <FormChoice />
      </div>
    );
  }
  if (!valid) return <Result status="404" title={t('view.notFound')} />;
  return (
    <div className={compact ? 'form-fill-page form-fill-phone' : 'form-fill-page'}>
      <BackBar {...back} />
      <LoadState source={start}>{(loaded) => <FillForm key={`${mode}:${id}`} start={loaded} compact={compact} />}</LoadState>
    </div>
  );
});

export default FillPage;
