import { Alert, Button, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BCF_IMPORT_MAX_BYTES, type FollowBcfImport } from '../../../../core/follows/bcf.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import { useTextIn } from '../../../i18n/local-text.ts';
import { openBcfImportEvents } from '../follow-api.ts';
import { failureText } from '../follow-texts.tsx';
import { useFollowApi } from '../use-follow-api.ts';
import type { FollowListStore } from './follow-list-store.ts';

/** How often the dialog asks where the import is, in case a push of the event stream is lost. */
const POLL_MS = 2_000;

const ended = (state: FollowBcfImport | null) => state?.status === 'done' || state?.status === 'failed';

/**
 * A .bcfzip sent with the file store's resumable upload (it resumes after a dropped connection),
 * then imported as a job of the server: the dialog shows the upload, the topics read and the
 * follow-ups written (of all), and at the end what was made and which topics were left out and
 * why, or why nothing of the file was kept.
 */
export const BcfImportDialog = observer(function BcfImportDialog({ list, onClose }: { list: FollowListStore; onClose: () => void }) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const files = useFileClient();
  const env = useFollowApi();
  const [file, setFile] = useState<File | null>(null);
  const [typeId, setTypeId] = useState<number | undefined>(list.activeTypes[0]?.id);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [state, setState] = useState<FollowBcfImport | null>(null);

  const running = state !== null && !ended(state);
  const id = state?.id;
  useEffect(() => {
    if (!id || !running) return;
    // Pushes move the bar at once; the poll catches up after a dropped stream.
    const stopEvents = openBcfImportEvents({ ticket: env.ticket, id, onChange: setState });
    const timer = window.setInterval(() => {
      env.api.bcfImportState(id).then(setState, () => undefined);
    }, POLL_MS);
    return () => {
      stopEvents();
      window.clearInterval(timer);
    };
  }, [id, running, env]);

  const done = state?.status === 'done';
  useEffect(() => {
    if (done) void list.refresh();
  }, [done, list]);

  const run = async () => {
    if (!file || !typeId) return;
    setError('');
    setState(null);
    setPercent(0);
    try {
      const uploaded = await files.uploadFile(file, { accept: ['bcfzip', 'bcf', 'zip'], onProgress: setPercent, showErrorToast: false });
      setState(await list.api.bcfImport({ workspaceCode: list.workspaceCode, fileId: uploaded.fileId, typeId }));
    } catch (failure) {
      setError(bcfFailure(failure));
    } finally {
      setPercent(null);
    }
  };

  const bcfFailure = (failure: unknown) => {
    const problem = (failure as { data?: { problem?: string } })?.data?.problem;
    return problem ? t(`list.bcf.problem.${problem}`, { defaultValue: failureText(t, failure) }) : failureText(t, failure);
  };

  const again = () => {
    setState(null);
    setFile(null);
  };

  const footer = ended(state)
    ? [
        <Button key="again" onClick={again} data-testid="follow-bcf-again">
          {t('list.bcf.importAnother')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="follow-bcf-close">
          {t('list.bcf.close')}
        </Button>,
      ]
    : undefined;

  return (
    <Modal
      open
      title={t('list.importBcf')}
      onCancel={onClose}
      okText={t('list.import')}
      okButtonProps={{ disabled: !file || !typeId || running, loading: percent !== null || running, id: 'follow-bcf-run' }}
      onOk={() => void run()}
      footer={footer}
      destroyOnHidden
    >
      {state === null || running ? (
        <Form layout="vertical">
          <Form.Item label={t('list.bcfFile')} help={error || undefined} validateStatus={error ? 'error' : undefined}>
            <Upload
              accept=".bcfzip,.bcf,.zip"
              maxCount={1}
              disabled={running || percent !== null}
              fileList={file ? [{ uid: 'bcf', name: file.name, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                if (chosen.size > BCF_IMPORT_MAX_BYTES) setError(t('list.bcf.tooLarge'));
                else setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button data-testid="follow-bcf-file">{t('list.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item label={t('list.bcfType')}>
            <Select
              value={typeId}
              onChange={setTypeId}
              disabled={running}
              options={list.activeTypes.map((type) => ({ value: type.id, label: textIn(type.name) }))}
            />
          </Form.Item>
          <ImportProgress percent={percent} state={state} />
        </Form>
      ) : (
        <ImportOutcome state={state} />
      )}
    </Modal>
  );
});

/** The upload's percent, then the job's step: waiting, topics read of all, follow-ups written of all. */
function ImportProgress({ percent, state }: { percent: number | null; state: FollowBcfImport | null }) {
  const { t } = useTranslation('follows');
  if (percent !== null) {
    return (
      <div data-testid="follow-bcf-progress" aria-live="polite">
        <Typography.Text type="secondary">{t('list.bcf.uploading')}</Typography.Text>
        <Progress percent={percent} />
      </div>
    );
  }
  if (!state) return null;
  const words = state.status === 'queued' ? t('list.bcf.queued') : t(`list.bcf.${state.status === 'writing' ? 'writing' : 'reading'}`, { done: state.done, total: state.total || '…' });
  // Reading and writing are each half of the bar.
  const half = state.total ? state.done / state.total / 2 : 0;
  const fraction = state.status === 'writing' ? 0.5 + half : state.status === 'reading' ? half : 0;
  return (
    <div data-testid="follow-bcf-progress" data-status={state.status} aria-live="polite">
      <Typography.Text type="secondary">{words}</Typography.Text>
      <Progress percent={Math.floor(fraction * 100)} status="active" />
    </div>
  );
}

/** What the import made, and the topics it left out with why; or why nothing was kept. */
function ImportOutcome({ state }: { state: FollowBcfImport }) {
  const { t } = useTranslation('follows');
  if (state.status === 'failed' || !state.result) {
    return <Alert type="error" showIcon data-testid="follow-bcf-failed" message={t(`list.bcf.problem.${state.problem ?? 'failed'}`)} description={state.fileName} />;
  }
  const { result } = state;
  return (
    <div data-testid="follow-bcf-result">
      <Alert
        type={result.failed.length ? 'warning' : 'success'}
        showIcon
        message={t('list.bcf.result', {
          version: result.version,
          topics: result.topics,
          created: result.created.length,
          updated: result.updated.length,
          comments: result.comments,
          snapshots: result.photos,
        })}
        description={state.fileName}
      />
      {result.failed.length > 0 && (
        <div className="follow-bcf-failed-topics" data-testid="follow-bcf-failed-topics">
          <Typography.Title level={5}>{t('list.bcf.failedTopics', { count: result.failed.length })}</Typography.Title>
          <ul style={{ overflowWrap: 'anywhere', paddingInlineStart: 20 }}>
            {result.failed.map((topic) => (
              <li key={topic.guid}>
                <bdi>{topic.title || topic.guid}</bdi>: {t(`list.bcf.topicProblem.${topic.problem}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
