import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Pagination, Result, Space, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DRAWING_POINTS, type RevisionRow } from '../../../../core/contracts/drawings.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { failureText } from '../shared/failure-text.ts';
import { REGISTER_PATH } from '../shared/sheet-paths.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { PendingCard } from './pending-card.tsx';
import { RELEASE_PAGE_SIZE, ReleaseStore, type ReleaseOutcome } from './release-store.ts';
import '../../../ui/admin.css';
import '../shared/drawings.css';

/**
 * /drawing/pictureRelease: what waits for review in the current workspace. Each uploaded page
 * or file shows what its title block said and what it will become (a new sheet, or the next
 * revision of an existing one); its number, title, discipline, label and set can be corrected,
 * then several are published or rejected at once.
 */
const ReleasePage = observer(function ReleasePage() {
  const { t } = useTranslation('drawings');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  return <Release key={workspace.code} workspaceCode={workspace.code} workspaceName={workspace.name} />;
});

export default ReleasePage;

const Release = observer(function Release({ workspaceCode, workspaceName }: { workspaceCode: string; workspaceName: string }) {
  const { t } = useTranslation('drawings');
  const { message, modal } = App.useApp();
  const { api, fileUrl } = useDrawingApi();
  const held = useHeldPoints('drawing');
  const [store] = useState(() => new ReleaseStore(api, workspaceCode));
  useEffect(() => void store.start(), [store]);

  const mayRelease = held.has(DRAWING_POINTS.release);
  const mayEdit = held.has(DRAWING_POINTS.upload);
  const noRight = held.ready && !mayRelease ? t('release.noReleaseRight') : null;

  const tell = (outcome: ReleaseOutcome, done: string) => {
    if (outcome.ok) void message.success(done);
    else if (outcome.reason === 'invalid') void message.error(t('release.fixFirst'));
    else void message.error(failureText(outcome.failure, { 403: t('release.noReleaseRight'), 409: t('release.changedMeanwhile') }, t('failed')));
  };
  const publish = async (rows: RevisionRow[]) => {
    const outcome = await store.publish(rows);
    tell(outcome, t('release.published', { count: rows.length }));
  };
  const reject = (rows: RevisionRow[]) => {
    modal.confirm({
      title: t('release.rejectTitle', { count: rows.length }),
      content: t('release.rejectContent'),
      okText: t('release.reject'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => tell(await store.reject(rows), t('release.rejected', { count: rows.length })),
    });
  };

  const rows = store.rows;
  const picked = store.selectedRows;
  const allPicked = rows.length > 0 && picked.length === rows.length;
  const batchBusy = picked.some((row) => store.busy.has(row.id));
  const releaseButton = (label: string, run: () => void, extra: { danger?: boolean; primary?: boolean; icon: ReactNode; testId: string }) => {
    const button = (
      <Button
        type={extra.primary ? 'primary' : 'default'}
        danger={extra.danger}
        icon={extra.icon}
        disabled={!mayRelease || picked.length === 0}
        loading={batchBusy}
        onClick={run}
        data-testid={extra.testId}
      >
        {label}
      </Button>
    );
    return noRight ? <Tooltip title={noRight}>{button}</Tooltip> : button;
  };

  return (
    <div className="admin-page drawing-page drawing-release">
      <div className="admin-page-header">
        <Typography.Title level={3}>
          {t('release.title')}
          <Typography.Text type="secondary" className="drawing-heading-workspace" dir="auto">
            {workspaceName}
          </Typography.Text>
        </Typography.Title>
      </div>
      {noRight && <Alert type="info" showIcon title={noRight} data-testid="drawing-release-no-right" />}
      <LoadState
        source={store.pending}
        empty={{
          when: (data) => data.total === 0,
          description: t('release.empty'),
          action: (
            <Link to={REGISTER_PATH} data-testid="drawing-release-to-register">
              {t('release.toRegister')}
            </Link>
          ),
        }}
      >
        {(data) => (
          <>
            <div className="drawing-release-bar" role="toolbar" aria-label={t('release.batch')}>
              <Checkbox
                checked={allPicked}
                indeterminate={picked.length > 0 && !allPicked}
                onChange={() => store.toggleAll()}
                data-testid="drawing-release-all"
              >
                {t('release.selectPage')}
              </Checkbox>
              <Typography.Text type="secondary" aria-live="polite">
                {t('release.selected', { count: picked.length, total: data.total })}
              </Typography.Text>
              <Space wrap className="drawing-release-actions">
                {releaseButton(t('release.publishSelected'), () => void publish(picked), { primary: true, icon: <CheckOutlined />, testId: 'drawing-publish' })}
                {releaseButton(t('release.rejectSelected'), () => reject(picked), { danger: true, icon: <CloseOutlined />, testId: 'drawing-reject' })}
              </Space>
            </div>
            <ul className="drawing-pending-list" data-testid="drawing-pending-list">
              {rows.map((row) => (
                <li key={row.id}>
                  <PendingCard
                    store={store}
                    row={row}
                    thumbnail={fileUrl(row.id, 'thumbnail')}
                    mayEdit={mayEdit}
                    mayRelease={mayRelease}
                    noRight={noRight}
                    onPublish={() => void publish([row])}
                    onReject={() => reject([row])}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="drawing-pagination"
              current={store.page}
              pageSize={RELEASE_PAGE_SIZE}
              total={data.total}
              hideOnSinglePage
              showSizeChanger={false}
              size="small"
              onChange={(page) => store.setPage(page)}
            />
          </>
        )}
      </LoadState>
    </div>
  );
});
