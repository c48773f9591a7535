import { Alert, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FOLLOW_MOVES, FOLLOW_ROLES, FOLLOW_TYPE_ICONS, followTypeSaveBody, type FollowPerson, type FollowRole, type FollowStatusRule, type FollowType } from '../../../core/contracts/follows.ts';
import { MAX_NUMBERING_RULE_LENGTH, parseNumberingRule } from '../../../core/forms/numbering.ts';
import { DEFAULT_STATUS_RULE } from '../../../core/follows/status-flow.ts';
import type { LocalText } from '../../../core/local-text.ts';
import { messageOf } from '../../api/error-message.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { problemSentence } from '../../ui/problem-sentence.ts';
import { schemaRules } from '../../ui/schema-rules.ts';
import { useSave } from '../../ui/use-save.ts';
import type { SettingsApi } from './settings-api.ts';
import { numberingPreview } from './settings-rules.ts';
import { useSettingsTexts } from './settings-texts.ts';
import { TypeIcon } from './type-chip.tsx';

interface TypeValues {
  name: LocalText;
  color: string;
  icon: string;
  numbering: string;
  defaultReviewerIds: number[];
  retired: boolean;
}


/** Who may make each move of the status flow: a grid of moves by roles, one checkbox each. */
export function StatusRuleGrid({ rule, disabled, onChange }: { rule: FollowStatusRule; disabled: boolean; onChange: (rule: FollowStatusRule) => void }) {
  const { t } = useTranslation('followSettings');
  const toggle = (move: (typeof FOLLOW_MOVES)[number], role: FollowRole, on: boolean) =>
    onChange({ ...rule, [move]: on ? FOLLOW_ROLES.filter((each) => each === role || rule[move].includes(each)) : rule[move].filter((each) => each !== role) });
  return (
    <table className="follow-rule-grid" data-testid="status-rule-grid">
      <caption className="admin-visually-hidden">{t('types.ruleCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('types.move')}</th>
          {FOLLOW_ROLES.map((role) => (
            <th key={role} scope="col">
              {t(`role.${role}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FOLLOW_MOVES.map((move) => (
          <tr key={move}>
            <th scope="row">
              {t(`move.${move}.name`)}
              <span className="follow-rule-move">{t(`move.${move}.path`)}</span>
            </th>
            {FOLLOW_ROLES.map((role) => (
              <td key={role}>
                <Checkbox
                  checked={rule[move].includes(role)}
                  disabled={disabled}
                  aria-label={t('types.mayMove', { role: t(`role.${role}`), move: t(`move.${move}.name`) })}
                  onChange={(e) => toggle(move, role, e.target.checked)}
                  data-testid={`rule-${move}-${role}`}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Adds a follow-up type or changes one: its name in each language, colour, icon, numbering, status rule and default reviewers. */
export const TypeDialog = observer(function TypeDialog({
  api,
  workspaceCode,
  type,
  people,
  mayChange,
  onDone,
  onClose,
}: {
  api: SettingsApi;
  workspaceCode: string;
  type: FollowType | null;
  people: FollowPerson[];
  mayChange: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('followSettings');
  const { textIn } = useSettingsTexts();
  const [form] = Form.useForm<TypeValues>();
  const [rule, setRule] = useState<FollowStatusRule>(type?.statusRule ?? DEFAULT_STATUS_RULE);
  const numbering = Form.useWatch('numbering', form) ?? type?.numbering ?? '';
  const preview = numberingPreview(numbering);
  const { error, busy, save } = useSave(
    (values: TypeValues) =>
      api.saveType({
        workspaceCode,
        ...(type ? { id: type.id, revision: type.revision } : {}),
        sort: type?.sort ?? 0,
        name: values.name,
        color: values.color,
        icon: values.icon,
        numbering: values.numbering.trim(),
        statusRule: rule,
        defaultReviewerIds: values.defaultReviewerIds,
        templateFormId: type?.templateFormId ?? null,
        retired: values.retired,
      }),
    onDone,
    (failure) => messageOf(failure, t('saveFailed')),
  );
  // Reviewers the list of people no longer offers keep their names.
  const reviewerOptions = [...people, ...(type?.defaultReviewers ?? []).filter((r) => !people.some((p) => p.id === r.id))].map((person) => ({ value: person.id, label: person.name }));
  return (
    <Modal
      open
      width={720}
      title={type ? t('types.editTitle', { name: textIn(type.name) }) : t('types.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !mayChange }}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="type-dialog"
    >
      <Form<TypeValues>
        form={form}
        layout="vertical"
        disabled={!mayChange}
        initialValues={{
          name: type?.name ?? '',
          color: type?.color ?? '#1677ff',
          icon: type?.icon ?? 'PushpinOutlined',
          numbering: type?.numbering ?? 'FU-{####}',
          defaultReviewerIds: type?.defaultReviewers.map((r) => r.id) ?? [],
          retired: type?.retired ?? false,
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label={t('types.name')} rules={schemaRules(t, followTypeSaveBody, 'name')}>
          <LocalTextInput maxLength={64} autoFocus data-testid="type-name" />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="color" label={t('types.color')} rules={schemaRules(t, followTypeSaveBody, 'color')}>
            <Input type="color" className="follow-type-color" aria-label={t('types.color')} />
          </Form.Item>
          <Form.Item name="icon" label={t('types.icon')}>
            <Select<string>
              className="follow-type-icon-select"
              options={FOLLOW_TYPE_ICONS.map((name) => ({ value: name, label: <TypeIcon name={name} />, title: t(`icon.${name}`) }))}
              optionRender={(option) => (
                <Space>
                  <TypeIcon name={String(option.value)} />
                  {t(`icon.${String(option.value)}`)}
                </Space>
              )}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="numbering"
          label={t('types.numbering')}
          extra={
            <span aria-live="polite">
              {'numbers' in preview ? (
                <>
                  {t('types.numberingPreview')} <bdi dir="ltr" className="follow-settings-preview" data-testid="numbering-preview">{preview.numbers.join(', ')} …</bdi>
                </>
              ) : (
                t('types.numberingHelp')
              )}
            </span>
          }
          rules={[
            { required: true, whitespace: true, message: t('admin:validation.required') },
            { max: MAX_NUMBERING_RULE_LENGTH, message: t('admin:validation.maxLength', { max: MAX_NUMBERING_RULE_LENGTH }) },
            {
              validator: (_rule, value: string) => {
                const checked = parseNumberingRule(value ?? '');
                return 'error' in checked && value ? Promise.reject(new Error(problemSentence(t, { path: 'numbering', key: checked.key, params: checked.params, message: checked.error }, t('types.numbering')))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input dir="ltr" maxLength={MAX_NUMBERING_RULE_LENGTH} data-testid="type-numbering" />
        </Form.Item>
        <Form.Item label={t('types.statusRule')} extra={t('types.statusRuleHelp')}>
          <StatusRuleGrid rule={rule} disabled={!mayChange} onChange={setRule} />
        </Form.Item>
        <Form.Item name="defaultReviewerIds" label={t('types.reviewers')} extra={t('types.reviewersHelp')}>
          <Select<number[]> mode="multiple" allowClear options={reviewerOptions} optionFilterProp="label" maxCount={10} placeholder={t('types.noReviewers')} />
        </Form.Item>
        <Form.Item name="retired" valuePropName="checked" extra={t('types.retiredHelp')}>
          <Checkbox>{t('types.retired')}</Checkbox>
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        {!mayChange && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      </Form>
    </Modal>
  );
});
