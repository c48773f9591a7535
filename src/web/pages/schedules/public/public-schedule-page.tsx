import { Button, Result, Skeleton } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SCHEDULE_PATHS, type PublicSchedule } from '../../../../core/contracts/schedules.ts';
import type { ScheduleModel, Task } from '../../../../core/schedule/model.ts';
import { ApiError } from '../../../api/api-error.ts';
import { GanttChart } from '../../../gantt/gantt-chart.tsx';
import { GanttStore } from '../../../gantt/gantt-store.ts';
import { dateText } from '../../../gantt/gantt-texts.ts';
import { GanttToolbar } from '../../../gantt/gantt-toolbar.tsx';
import { directionOf } from '../../../i18n/i18n.ts';
import { LanguageSwitch } from '../../../shell/layout/language-switch.tsx';
import { useStores } from '../../../stores/stores-context.tsx';
import { chartColumnsHidden, resultOf } from '../schedule-view.ts';
import './public-schedule-page.css';

type State = { status: 'loading' } | { status: 'ready'; schedule: PublicSchedule } | { status: 'gone' } | { status: 'failed'; retry: () => void };

/** A public link's tasks as the chart reads them: what the link hides reads as nothing. */
function modelOf(schedule: PublicSchedule): ScheduleModel {
  const tasks: Task[] = schedule.model.tasks.map((task) => ({ duration: 0, percentComplete: 0, assignees: [], ...task }));
  return { ...schedule.model, tasks };
}

/**
 * /publicSchedule?token=…: one schedule for anyone holding a public link, signed out and
 * read-only (no editing, no history), with the columns the link hides left out. A revoked,
 * expired or unknown link shows why in words and nothing of the schedule.
 */
export default function PublicSchedulePage() {
  const { t } = useTranslation('schedules');
  const stores = useStores();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) {
      setState({ status: 'gone' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    stores.api.http.get<PublicSchedule>(SCHEDULE_PATHS.publicGet, { token }, { showErrorToast: false }).then(
      (schedule) => current && setState({ status: 'ready', schedule }),
      (error: unknown) => {
        if (!current) return;
        // The server answers 404 alike for a revoked, expired or unknown link (and 400 for a malformed one).
        const gone = error instanceof ApiError && [400, 404].includes(error.status || error.code);
        setState(gone ? { status: 'gone' } : { status: 'failed', retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => {
      current = false;
    };
  }, [stores, token, attempt]);

  let body;
  if (state.status === 'ready') body = <SharedSchedule schedule={state.schedule} />;
  else if (state.status === 'gone') body = <Result status="warning" title={t('public.gone')} subTitle={t('public.goneHint')} />;
  else if (state.status === 'failed') {
    body = (
      <Result
        status="error"
        title={t('public.failed')}
        extra={
          <Button type="primary" onClick={state.retry} autoFocus>
            {t('public.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div role="status" aria-label={t('public.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  return (
    <div className="public-schedule">
      {/* A shared link is for its holders, not for search engines (the server's answer says so too). */}
      <meta name="robots" content="noindex, nofollow" />
      <header className="public-schedule-bar">
        <h1 className="public-schedule-brand">{state.status === 'ready' ? <bdi>{state.schedule.name}</bdi> : t('public.title')}</h1>
        <LanguageSwitch />
      </header>
      <main className="public-schedule-main">{body}</main>
    </div>
  );
}

/** The chart, read-only: no edit hook, so Enter and a double click do nothing. */
const SharedSchedule = observer(function SharedSchedule({ schedule }: { schedule: PublicSchedule }) {
  const { t, i18n } = useTranslation('schedules');
  const rtl = directionOf(i18n.language) === 'rtl';
  // Made once per answer; the direction follows the language switch below.
  const store = useMemo(() => new GanttStore(modelOf(schedule), resultOf(schedule.scheduled), { rtl }), [schedule]);
  useEffect(() => store.setRtl(rtl), [store, rtl]);
  const hidden = useMemo(() => chartColumnsHidden(schedule.hiddenColumns), [schedule]);
  const statusDate = schedule.model.settings.statusDate;
  return (
    <section className="public-schedule-view" aria-label={schedule.name}>
      <p className="public-schedule-facts">
        {statusDate === undefined ? t('public.noStatusDate') : t('public.statusDate', { date: dateText(i18n.language, statusDate) })}
        <span className="public-schedule-readonly">{t('public.readOnly')}</span>
      </p>
      <GanttToolbar store={store} hiddenColumns={hidden} />
      <div className="public-schedule-chart" data-testid="public-schedule-chart">
        <GanttChart store={store} hiddenColumns={hidden} />
      </div>
    </section>
  );
});
