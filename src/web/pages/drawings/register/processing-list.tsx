import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DrawingUpload } from '../../../../core/contracts/drawings.ts';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import type { ProcessingStore } from './processing-store.ts';

/**
 * The drawing files being processed on the server (split, read, drawn as thumbnails) and
 * those that finished since the screen opened: done with the sheets it made, or failed with
 * the reason naming the file. The bytes' own transfer shows in the shell's upload panel.
 */
export const ProcessingList = observer(function ProcessingList({ processing }: { processing: ProcessingStore }) {
  const { t } = useTranslation('drawings');
  const shown = processing.shown;
  if (!shown.length && !processing.sending) return null;
  return (
    <Card
      size="small"
      className="drawing-processing"
      title={<span id="drawing-processing-title">{t('processing.title')}</span>}
      extra={
        processing.finishedShown && (
          <Button size="small" type="link" onClick={() => processing.clearFinished()} data-testid="drawing-processing-clear">
            {t('processing.clear')}
          </Button>
        )
      }
      role="region"
      aria-labelledby="drawing-processing-title"
      data-testid="drawing-processing"
    >
      {processing.sending > 0 && (
        <Typography.Paragraph type="secondary" className="drawing-processing-sending">
          <LoadingOutlined /> {t('processing.sending', { count: processing.sending })}
        </Typography.Paragraph>
      )}
      <ul className="drawing-processing-list" aria-live="polite">
        {shown.map((upload) => (
          <UploadLine key={upload.id} upload={upload} />
        ))}
      </ul>
    </Card>
  );
});

const UploadLine = observer(function UploadLine({ upload }: { upload: DrawingUpload }) {
  const { t } = useTranslation('drawings');
  const { problem } = useDrawingTexts();
  const percent = Math.round(Math.min(1, Math.max(0, upload.progress)) * 100);
  const state =
    upload.status === 'done'
      ? { icon: <CheckCircleFilled className="drawing-ok" />, text: t('processing.done', { count: upload.revisionIds.length }) }
      : upload.status === 'failed'
        ? { icon: <CloseCircleFilled className="drawing-bad" />, text: upload.problem ? problem(upload.problem) : t('problem.failed', { file: upload.fileName }) }
        : upload.status === 'queued'
          ? { icon: <ClockCircleOutlined />, text: t('processing.queued') }
          : { icon: <LoadingOutlined />, text: t('processing.running') };
  return (
    <li className={`drawing-processing-item drawing-processing-${upload.status}`} data-testid={`drawing-processing-${upload.fileName}`} data-status={upload.status}>
      <div className="drawing-processing-name">
        {state.icon}
        <bdi className="drawing-processing-file">{upload.fileName}</bdi>
      </div>
      {upload.status === 'running' || upload.status === 'queued' ? (
        <Progress percent={percent} size="small" status="active" aria-label={t('processing.progressOf', { file: upload.fileName })} />
      ) : null}
      <Typography.Text type={upload.status === 'failed' ? 'danger' : 'secondary'} className="drawing-processing-state" role={upload.status === 'failed' ? 'alert' : undefined}>
        {state.text}
      </Typography.Text>
    </li>
  );
});
