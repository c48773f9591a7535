import { Button, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { instantText } from '../../../../core/format.ts';
import { BASELINE_COUNT } from '../../../../core/schedule/model.ts';
import { baselineName } from '../../../gantt/gantt-toolbar.tsx';
import { clearBaseline, saveBaseline } from './edits.ts';
import type { EditRefusal, ScheduleEditorStore } from './schedule-editor-store.ts';

/**
 * Baselines, as MS Project's "Set Baseline": eleven places (Baseline, Baseline 1–10), each
 * keeping every task's dates when saved. Saving over one asks first; a save or a clear is an
 * edit like any other (undone with Ctrl+Z, kept with the schedule's Save). The one saved is
 * then drawn under the bars.
 */
export const BaselineDialog = observer(function BaselineDialog({
  store,
  open,
  onClose,
  refused,
}: {
  store: ScheduleEditorStore;
  open: boolean;
  onClose: () => void;
  refused: (refusal: EditRefusal | null) => void;
}) {
  const { t, i18n } = useTranslation('schedules');
  const model = store.model;
  const save = (index: number) => {
    if (!model) return;
    const refusal = store.edit(saveBaseline(model, index, new Date().toISOString()));
    refused(refusal);
    if (!refusal) store.gantt.setBaseline(index);
  };
  const clear = (index: number) => {
    if (!model) return;
    refused(store.edit(clearBaseline(model, index)));
    if (store.gantt.baselineIndex === index) store.gantt.setBaseline(null);
  };
  const slots = Array.from({ length: BASELINE_COUNT }, (_, index) => ({ index, kept: model?.baselines.find((baseline) => baseline.index === index) }));
  return (
    <Modal open={open} title={t('baselines.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('baselines.close')}</Button>} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('baselines.hint')}</Typography.Paragraph>
      <List
        size="small"
        className="schedule-baselines"
        dataSource={slots}
        renderItem={({ index, kept }) => (
          <List.Item
            data-testid={`baseline-${index}`}
            actions={[
              <Space key="actions" size="small">
                {kept ? (
                  <Popconfirm title={t('baselines.overwrite', { name: baselineName(t, index) })} okText={t('baselines.save')} cancelText={t('editor.cancel')} onConfirm={() => save(index)}>
                    <Button size="small">{t('baselines.saveAgain')}</Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" type="primary" ghost onClick={() => save(index)}>
                    {t('baselines.save')}
                  </Button>
                )}
                <Button size="small" danger disabled={!kept} onClick={() => clear(index)} aria-label={t('baselines.clearNamed', { name: baselineName(t, index) })}>
                  {t('baselines.clear')}
                </Button>
              </Space>,
            ]}
          >
            <List.Item.Meta
              title={baselineName(t, index)}
              description={kept ? t('baselines.savedAt', { time: instantText(kept.savedAt, i18n.language) }) : t('baselines.notSaved')}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
});
