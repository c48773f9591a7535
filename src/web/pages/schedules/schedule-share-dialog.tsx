import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, DatePicker, Form, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { instantText } from '../../../core/format.ts';
import { SCHEDULE_PATHS, SCHEDULE_SHARE_COLUMNS, type ScheduleShare, type ScheduleShareColumn, type ScheduleShareCreated } from '../../../core/contracts/schedules.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { problemText } from './list/schedule-list-rules.ts';

const QUIET = { showErrorToast: false };

type Reading = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; shares: ScheduleShare[] };

/** Where a public link opens: this site's read-only schedule page. */
export const publicLinkOf = (token: string): string => `${location.origin}/publicSchedule?token=${encodeURIComponent(token)}`;

/**
 * A schedule's public links: made with an optional expiry and columns left out, the whole link
 * shown once (only its first characters are kept to tell links apart), each revocable.
 */
export function ScheduleShareDialog({ scheduleId, scheduleName, open, onClose }: { scheduleId: number; scheduleName: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('schedules');
  const { message } = App.useApp();
  const http = useStores().api.http;
  const [reading, setReading] = useState<Reading>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [made, setMade] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [form] = Form.useForm<{ expires?: Dayjs | null; hidden: ScheduleShareColumn[] }>();

  useEffect(() => {
    if (!open) return;
    let current = true;
    http.get<ScheduleShare[]>(SCHEDULE_PATHS.shareList, { id: scheduleId }, QUIET).then(
      (shares) => current && setReading({ status: 'ready', shares }),
      (failure: unknown) => current && setReading({ status: 'failed', error: problemText(t, failure) }),
    );
    return () => {
      current = false;
    };
  }, [http, scheduleId, open, attempt, t]);

  const create = async () => {
    const values = await form.validateFields();
    setMaking(true);
    try {
      const share = await http.post<ScheduleShareCreated>(
        SCHEDULE_PATHS.shareCreate,
        { id: scheduleId, expiresAt: values.expires ? values.expires.endOf('day').toISOString() : null, hiddenColumns: values.hidden ?? [] },
        QUIET,
      );
      setMade(publicLinkOf(share.token));
      form.resetFields();
      setAttempt((n) => n + 1);
    } catch (failure) {
      void message.error(problemText(t, failure));
    } finally {
      setMaking(false);
    }
  };
  const revoke = async (share: ScheduleShare) => {
    try {
      await http.post(SCHEDULE_PATHS.shareRevoke, { id: share.id }, QUIET);
      void message.success(t('share.revoked'));
      setAttempt((n) => n + 1);
    } catch (failure) {
      void message.error(problemText(t, failure));
    }
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('share.copied'));
    } catch {
      void message.info(t('share.copyByHand'));
    }
  };
  const stateOf = (share: ScheduleShare) =>
    share.revoked ? <Tag>{t('share.state.revoked')}</Tag> : share.expiresAt && Date.parse(share.expiresAt) <= Date.now() ? <Tag>{t('share.state.expired')}</Tag> : <Tag color="success">{t('share.state.active')}</Tag>;

  return (
    <Modal
      open={open}
      title={t('share.title', { name: scheduleName })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('baselines.close')}</Button>}
      width={760}
      destroyOnHidden
      afterClose={() => setMade(null)}
    >
      <Typography.Paragraph type="secondary">{t('share.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ hidden: [] }} className="schedule-share-form">
        <Form.Item name="expires" label={t('share.expires')} extra={t('share.expiresHint')}>
          <DatePicker disabledDate={(day) => day.endOf('day').valueOf() <= Date.now()} aria-label={t('share.expires')} />
        </Form.Item>
        <Form.Item name="hidden" label={t('share.hide')}>
          <Checkbox.Group options={SCHEDULE_SHARE_COLUMNS.map((column) => ({ value: column, label: t(`share.column.${column}`) }))} />
        </Form.Item>
        <Button type="primary" icon={<LinkOutlined />} loading={making} onClick={() => void create()}>
          {t('share.create')}
        </Button>
      </Form>
      {made && (
        <Alert
          className="schedule-share-made"
          type="success"
          showIcon
          title={t('share.made')}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={made} aria-label={t('share.link')} dir="ltr" onFocus={(event) => event.target.select()} data-testid="schedule-share-link" />
              <Button icon={<CopyOutlined />} onClick={() => void copy(made)}>
                {t('share.copy')}
              </Button>
            </Space.Compact>
          }
        />
      )}
      <Typography.Title level={5} className="schedule-share-heading">
        {t('share.links')}
      </Typography.Title>
      {reading.status === 'loading' ? (
        <Spin />
      ) : reading.status === 'failed' ? (
        <Alert type="error" showIcon title={reading.error} action={<Button size="small" onClick={() => setAttempt((n) => n + 1)}>{t('editor.retry')}</Button>} />
      ) : (
        <Table<ScheduleShare>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={reading.shares}
          locale={{ emptyText: t('share.none') }}
          columns={[
            { key: 'hint', title: t('share.link'), render: (_, share) => <Typography.Text code dir="ltr">{`${share.hint}…`}</Typography.Text> },
            { key: 'state', title: t('share.stateTitle'), render: (_, share) => stateOf(share) },
            { key: 'by', title: t('share.by'), render: (_, share) => share.createdBy?.name ?? '—' },
            { key: 'made', title: t('share.madeAt'), render: (_, share) => instantText(share.createTime, i18n.language) },
            { key: 'expires', title: t('share.expires'), render: (_, share) => (share.expiresAt ? instantText(share.expiresAt, i18n.language) : t('share.never')) },
            {
              key: 'hidden',
              title: t('share.hidden'),
              render: (_, share) => (share.hiddenColumns.length ? share.hiddenColumns.map((column) => t(`share.column.${column}`)).join(', ') : '—'),
            },
            {
              key: 'actions',
              title: '',
              render: (_, share) =>
                share.revoked ? null : (
                  <Popconfirm title={t('share.revokeConfirm')} okText={t('share.revoke')} okButtonProps={{ danger: true }} cancelText={t('editor.cancel')} onConfirm={() => void revoke(share)}>
                    <Button size="small" danger>
                      {t('share.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
