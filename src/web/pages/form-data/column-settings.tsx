import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, InputNumber, List, Popconfirm, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSave } from '../../ui/use-save.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveColumn, type ColumnPreference } from './list-columns.ts';

interface ColumnSettingsProps {
  open: boolean;
  preferences: ColumnPreference[];
  labelOf: (key: string) => string;
  onClose: () => void;
  onSave: (preferences: ColumnPreference[]) => Promise<void>;
  /** Forgets the reader's columns and saved search of this list (the form's defaults come back). */
  onReset: () => Promise<void>;
}

/** Which columns show, in which order and how wide: buttons rather than dragging, so the keyboard does it all. */
export function ColumnSettings({ open, preferences, labelOf, onClose, onSave, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation('forms');
  const [draft, setDraft] = useState(preferences);
  // A refusal stays open with the request's own toast; the drawer shows no message of its own.
  const { busy: saving, save } = useSave(onSave, onClose, '');
  const { busy: resetting, save: reset } = useSave(onReset, onClose, '');
  useEffect(() => {
    if (open) setDraft(preferences);
  }, [open, preferences]);
  const update = (key: string, change: Partial<ColumnPreference>) =>
    setDraft((current) => current.map((each) => (each.key === key ? { ...each, ...change } : each)));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('list.columns.title')}
      size={420}
      extra={
        <Space>
          <Popconfirm title={t('list.columns.resetConfirm')} okText={t('list.columns.reset')} cancelText={t('list.columns.cancel')} onConfirm={() => void reset()}>
            <Button loading={resetting} disabled={saving} data-testid="reset-list-settings">
              {t('list.columns.reset')}
            </Button>
          </Popconfirm>
          <Button type="primary" loading={saving} disabled={resetting} onClick={() => void save(draft)} data-testid="save-columns">
            {t('list.columns.save')}
          </Button>
        </Space>
      }
    >
      <List
        dataSource={draft}
        rowKey="key"
        renderItem={(preference, index) => {
          const label = labelOf(preference.key);
          return (
            <List.Item data-column={preference.key}>
              <Checkbox checked={preference.visible} onChange={(event) => update(preference.key, { visible: event.target.checked })}>
                <span dir="auto">{label}</span>
              </Checkbox>
              <Space size={4}>
                <InputNumber
                  size="small"
                  min={MIN_COLUMN_WIDTH}
                  max={MAX_COLUMN_WIDTH}
                  step={20}
                  placeholder={t('list.columns.auto')}
                  aria-label={t('list.columns.width', { label })}
                  value={preference.width ?? null}
                  onChange={(width) => update(preference.key, { width: width ?? undefined })}
                  className="form-data-width"
                />
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('list.columns.up', { label })} onClick={() => setDraft((current) => moveColumn(current, preference.key, -1))} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === draft.length - 1} aria-label={t('list.columns.down', { label })} onClick={() => setDraft((current) => moveColumn(current, preference.key, 1))} />
              </Space>
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
