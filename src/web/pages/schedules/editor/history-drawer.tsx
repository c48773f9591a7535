import { Alert, Button, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { instantText } from '../../../../core/format.ts';
import { SCHEDULE_PATHS, type ScheduleHistoryEntry } from '../../../../core/contracts/schedules.ts';
import { SCHEDULE_CHANGE_KINDS } from '../../../../core/schedule/changes.ts';
import type { Http } from '../../../api/endpoints.ts';

type Reading = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: ScheduleHistoryEntry[] };

/**
 * Every change to the schedule, newest first: who, when, and what a save changed (counted by
 * kind), read when the drawer opens and again at each revision while it is open.
 */
export function HistoryDrawer({ http, scheduleId, revision, open, onClose }: { http: Http; scheduleId: number; revision: number; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('schedules');
  const [reading, setReading] = useState<Reading>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setReading((was) => (was.status === 'ready' ? was : { status: 'loading' }));
    http.get<ScheduleHistoryEntry[]>(SCHEDULE_PATHS.history, { id: scheduleId }, { showErrorToast: false }).then(
      (entries) => current && setReading({ status: 'ready', entries }),
      () => current && setReading({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [http, scheduleId, revision, open, attempt]);

  const body = () => {
    if (reading.status === 'loading') {
      return (
        <div className="schedule-history-state" role="status">
          <Spin />
          <span>{t('history.loading')}</span>
        </div>
      );
    }
    if (reading.status === 'failed') {
      return (
        <Alert
          type="error"
          showIcon
          title={t('history.failed')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('editor.retry')}
            </Button>
          }
        />
      );
    }
    if (reading.entries.length === 0) return <Empty description={t('history.empty')} />;
    return (
      <Timeline
        className="schedule-history"
        items={reading.entries.map((entry) => ({
          key: entry.id,
          children: (
            <div data-testid="schedule-history-entry">
              <Typography.Text strong>{entry.user?.name ?? t('editor.someoneElse')}</Typography.Text>{' '}
              <span>{t(`history.action.${entry.action}`, { note: entry.note ?? '' })}</span>
              <div className="schedule-history-meta">
                <Typography.Text type="secondary">
                  {instantText(entry.time, i18n.language)} · {t('history.revision', { revision: entry.revision })}
                </Typography.Text>
              </div>
              {entry.action === 'save' && (
                <div className="schedule-history-counts">
                  {SCHEDULE_CHANGE_KINDS.filter((kind) => entry.counts[kind]).map((kind) => (
                    <Tag key={kind}>{t('history.count', { what: t(`history.kind.${kind}`), value: (entry.counts[kind] ?? 0).toLocaleString(i18n.language) })}</Tag>
                  ))}
                </div>
              )}
            </div>
          ),
        }))}
      />
    );
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('history.title')} size="default" destroyOnHidden>
      {body()}
    </Drawer>
  );
}
