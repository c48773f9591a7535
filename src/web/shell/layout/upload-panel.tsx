import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, List, Progress, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../core/format.ts';
import { useStores } from '../../stores/stores-context.tsx';
import './upload-panel.css';

/**
 * The room the panel takes at the bottom of the window, as `--upload-panel-space` on the
 * layout: the screen keeps that much free below its content, so whatever the panel floats over
 * can be scrolled out from under it.
 */
function useReservedSpace(panel: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = panel.current;
    const layout = element?.parentElement;
    if (!shown || !element || !layout) return;
    const observer = new ResizeObserver(() => layout.style.setProperty('--upload-panel-space', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      layout.style.removeProperty('--upload-panel-space');
    };
  }, [panel, shown]);
}

/** Every upload of the session with its progress; minimised to a title bar on request. */
export const UploadPanel = observer(function UploadPanel() {
  const { upload } = useStores();
  const { t } = useTranslation('layout');
  const ref = useRef<HTMLDivElement>(null);
  useReservedSpace(ref, upload.visible);
  if (!upload.visible) return null;
  const running = upload.list.filter((item) => item.status === 'uploading').length;
  return (
    <Card
      ref={ref}
      size="small"
      className={`upload-panel upload-panel-${upload.status}`}
      role="region"
      aria-label={t('upload.title')}
      title={running > 0 ? t('upload.running', { count: running }) : t('upload.title')}
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={upload.status === 'max' ? <DownOutlined /> : <UpOutlined />}
            onClick={() => upload.toggleStatus()}
            aria-label={upload.status === 'max' ? t('upload.minimize') : t('upload.maximize')}
          />
          <Button type="text" size="small" icon={<CloseOutlined />} onClick={() => upload.setVisible(false)} aria-label={t('common:actions.close')} />
        </Space>
      }
    >
      {upload.status === 'max' && (
        <List
          size="small"
          dataSource={upload.list}
          className="upload-panel-list"
          renderItem={(item) => (
            <List.Item
              extra={
                item.status === 'done' ? (
                  <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('upload.done')} />
                ) : item.status === 'error' ? (
                  <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('upload.failed')} />
                ) : null
              }
            >
              <div style={{ width: '100%' }}>
                <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                  {item.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                  {formatSize(item.size)}
                </Typography.Text>
                <Progress
                  percent={item.percent}
                  size="small"
                  status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
                  aria-label={item.name}
                />
                {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
});
