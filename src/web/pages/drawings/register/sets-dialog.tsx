import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, List, Modal, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { DRAWING_SET_NAME_MAX, setNameSchema, type DrawingSet } from '../../../../core/contracts/drawings.ts';
import { formatNumber } from '../../../../core/value-format.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { failureText } from '../shared/failure-text.ts';
import { fieldRules } from '../shared/field-rules.ts';
import type { RegisterStore } from './register-store.ts';

/**
 * The workspace's drawing sets ("Tender 2026-03"): each with how many sheets it holds; a
 * caller who may upload makes new ones and renames them.
 */
export const SetsDialog = observer(function SetsDialog({ register, mayEdit, onClose }: { register: RegisterStore; mayEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('drawings');
  const { date, language } = useDrawingTexts();
  /** The set whose name is being edited: 'new' for a new one. */
  const [editing, setEditing] = useState<DrawingSet | 'new' | null>(null);
  return (
    <Modal open title={t('sets.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('close')}</Button>} destroyOnHidden>
      <LoadState source={register.sets} empty={{ when: (sets) => sets.length === 0 && editing === null, description: t('sets.empty') }}>
        {(sets) => (
          <List
            size="small"
            dataSource={sets}
            data-testid="drawing-set-list"
            renderItem={(set) =>
              editing !== 'new' && editing?.id === set.id ? (
                <List.Item>
                  <SetNameForm register={register} set={set} onDone={() => setEditing(null)} />
                </List.Item>
              ) : (
                <List.Item
                  actions={
                    mayEdit
                      ? [
                          <Button
                            key="rename"
                            size="small"
                            type="text"
                            icon={<EditOutlined />}
                            aria-label={t('sets.renameOf', { name: set.name })}
                            onClick={() => setEditing(set)}
                            data-testid={`drawing-set-rename-${set.name}`}
                          />,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={<bdi>{set.name}</bdi>}
                    description={t('sets.summary', { count: set.sheetCount, sheets: formatNumber(set.sheetCount, language), date: date(set.createTime) })}
                  />
                </List.Item>
              )
            }
          />
        )}
      </LoadState>
      {mayEdit &&
        (editing === 'new' ? (
          <SetNameForm register={register} set={null} onDone={() => setEditing(null)} />
        ) : (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} className="drawing-set-new" data-testid="drawing-set-new">
            {t('sets.new')}
          </Button>
        ))}
    </Modal>
  );
});

/** A set's name, checked as the server checks it; Enter saves, Escape leaves it as it was. */
function SetNameForm({ register, set, onDone }: { register: RegisterStore; set: DrawingSet | null; onDone: () => void }) {
  const { t } = useTranslation('drawings');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      await register.saveSet(name.trim(), set?.id);
      void message.success(set ? t('sets.renamed', { name: name.trim() }) : t('sets.created', { name: name.trim() }));
      onDone();
    } catch (failure) {
      form.setFields([{ name: 'name', errors: [failureText(failure, { 409: t('sets.nameTaken') }, t('failed'))] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" className="drawing-set-form" initialValues={{ name: set?.name ?? '' }} onFinish={() => void save()}>
      <Form.Item
        name="name"
        label={set ? t('sets.renameOf', { name: set.name }) : t('sets.newName')}
        rules={fieldRules(setNameSchema, {
          required: t('sets.nameRequired'),
          tooLong: t('sets.nameTooLong', { max: DRAWING_SET_NAME_MAX }),
          invalid: t('sets.nameInvalid'),
        })}
      >
        <Input
          autoFocus
          dir="auto"
          placeholder={t('sets.placeholder')}
          onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onDone())}
          data-testid="drawing-set-name"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="drawing-set-save">
          {t('save')}
        </Button>
        <Button onClick={onDone}>{t('cancel')}</Button>
      </Space>
      <Typography.Paragraph type="secondary" className="drawing-set-hint">
        {t('sets.hint')}
      </Typography.Paragraph>
    </Form>
  );
}
