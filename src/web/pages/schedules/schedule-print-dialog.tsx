import { Alert, App, DatePicker, Form, Modal, Progress, Radio, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  printRangeProblem,
  SCHEDULE_ORIENTATIONS,
  SCHEDULE_PAPER_SIZES,
  SCHEDULE_PATHS,
  SCHEDULE_PNG_MAX_PX,
  schedulePrintBody,
  type ScheduleDetail,
  type ScheduleOrientation,
  type SchedulePaper,
} from '../../../core/contracts/schedules.ts';
import type { Sent } from '../../../core/contracts/common.ts';
import type { Baseline } from '../../../core/schedule/model.ts';
import { saveDownload } from '../../api/download.ts';
import { useTextLanguage } from '../../i18n/local-text.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { problemText } from './list/schedule-list-rules.ts';

type PrintFormat = 'pdf' | 'png';

interface PrintValues {
  format: PrintFormat;
  scope: 'whole' | 'range';
  range?: [Dayjs | null, Dayjs | null] | null;
  paper: SchedulePaper;
  orientation: ScheduleOrientation;
  baseline: number | 'none';
}

export interface SchedulePrintDialogProps {
  scheduleId: number;
  scheduleName: string;
  /** The schedule's saved baselines; when not given (the list), they are read from the schedule. */
  baselines?: readonly Pick<Baseline, 'index'>[];
  open: boolean;
  onClose: () => void;
}

const QUIET = { showErrorToast: false } as const;
const DEFAULTS = schedulePrintBody.properties;

/**
 * "Export as PDF / PNG…": a schedule printed by the server as MS Project prints it (the grid
 * beside the bars, the time scale fitted to the range), the whole schedule or the tasks
 * crossing a date range, on a paper size and orientation, a baseline drawn under the bars; in
 * the reader's language and time zone. Choices come from the request schema the server checks.
 */
export function SchedulePrintDialog({ scheduleId, scheduleName, baselines, open, onClose }: SchedulePrintDialogProps) {
  const { t } = useTranslation('schedules');
  const lng = useTextLanguage();
  const { message } = App.useApp();
  const http = useStores().api.http;
  const [form] = Form.useForm<PrintValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<readonly Pick<Baseline, 'index'>[]>(baselines ?? []);
  const format = Form.useWatch('format', form);
  const scope = Form.useWatch('scope', form);

  useEffect(() => {
    if (!open) return;
    setError(null);
    if (baselines) {
      setSaved(baselines);
      return;
    }
    let current = true;
    http.get<ScheduleDetail>(SCHEDULE_PATHS.get, { id: scheduleId }, QUIET).then(
      (detail) => current && setSaved(detail.model.baselines),
      () => current && setSaved([]),
    );
    return () => {
      current = false;
    };
  }, [open, baselines, http, scheduleId]);

  const submit = async (values: PrintValues) => {
    const [from, to] = values.scope === 'range' && values.range ? values.range : [null, null];
    const body: Sent<typeof schedulePrintBody> = {
      id: scheduleId,
      paper: values.paper,
      orientation: values.orientation,
      language: (['en', 'zh-CN', 'ar'] as const).find((each) => each === lng) ?? 'en',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
      ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
      ...(values.baseline === 'none' ? {} : { baseline: values.baseline }),
    };
    setBusy(true);
    setError(null);
    try {
      const path = values.format === 'pdf' ? SCHEDULE_PATHS.exportPdf : SCHEDULE_PATHS.exportPng;
      const answer = await http.post(path, body, { showErrorToast: false, responseType: 'blob' });
      const name = saveDownload(answer.blob, answer.headers, `${scheduleName}.${values.format}`);
      void message.success(t('print.exported', { name }));
      onClose();
    } catch (failure) {
      setError(problemText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const rangeRules = [
    {
      validator: async (_rule: unknown, value: PrintValues['range']) => {
        if (!value?.[0] || !value[1]) throw new Error(t('print.rangeRequired'));
        if (printRangeProblem({ from: value[0].format('YYYY-MM-DD'), to: value[1].format('YYYY-MM-DD') })) throw new Error(t('list.problem.badRange'));
      },
    },
  ];

  return (
    <Modal
      open={open}
      title={t('print.title', { name: scheduleName })}
      okText={t('print.export')}
      cancelText={t('print.cancel')}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={false}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PrintValues>
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={{ format: 'pdf', scope: 'whole', paper: DEFAULTS.paper.default, orientation: DEFAULTS.orientation.default, baseline: 'none' }}
        onFinish={(values) => void submit(values)}
        data-testid="schedule-print-form"
      >
        <Form.Item name="format" label={t('print.format')} extra={format === 'png' ? t('print.pngHint', { max: SCHEDULE_PNG_MAX_PX.toLocaleString(lng) }) : undefined}>
          <Radio.Group optionType="button" options={[{ value: 'pdf', label: t('print.formatPdf') }, { value: 'png', label: t('print.formatPng') }]} />
        </Form.Item>
        <Form.Item name="scope" label={t('print.range')}>
          <Radio.Group options={[{ value: 'whole', label: t('print.rangeWhole') }, { value: 'range', label: t('print.rangeDates') }]} />
        </Form.Item>
        {scope === 'range' && (
          <Form.Item name="range" rules={rangeRules} extra={t('print.rangeHint')}>
            <DatePicker.RangePicker className="schedule-list-wide" aria-label={t('print.rangeDates')} data-testid="schedule-print-range" />
          </Form.Item>
        )}
        <Form.Item name="paper" label={t('print.paper')}>
          <Select options={SCHEDULE_PAPER_SIZES.map((paper) => ({ value: paper, label: t(`print.paperName.${paper}`) }))} data-testid="schedule-print-paper" />
        </Form.Item>
        <Form.Item name="orientation" label={t('print.orientation')}>
          <Radio.Group optionType="button" options={SCHEDULE_ORIENTATIONS.map((value) => ({ value, label: t(`print.${value}`) }))} />
        </Form.Item>
        <Form.Item name="baseline" label={t('print.baseline')}>
          <Select
            options={[
              { value: 'none', label: t('print.noBaseline') },
              ...saved.map((b) => ({ value: b.index, label: b.index === 0 ? t('baselineName') : t('baselineNumbered', { number: b.index }) })),
            ]}
            data-testid="schedule-print-baseline"
          />
        </Form.Item>
        {busy && (
          <div role="status">
            <Typography.Text type="secondary">{t('print.exporting')}</Typography.Text>
            <Progress percent={99} status="active" showInfo={false} size="small" />
          </div>
        )}
        {error && <Alert type="error" showIcon message={t('print.failed')} description={error} role="alert" data-testid="schedule-print-error" />}
      </Form>
    </Modal>
  );
}
