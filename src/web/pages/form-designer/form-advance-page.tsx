import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, Result, Select, Space, Switch, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FORM_NAME_MAX, FORM_POINTS, formUpdateBody, type FormDetail } from '../../../core/contracts/form.ts';
import { everyText, normalizeText, sameText, type LocalText } from '../../../core/local-text.ts';
import type { FunctionPointOption } from '../../../core/contracts/permission-groups.ts';
import { approvalNodesOf } from '../../../core/flows/flow-definition.ts';
import {
  DEFAULT_FORM_SETTINGS,
  FIELD_TYPES,
  valueFields,
  type ButtonPointName,
  type FieldDesign,
  type FieldPermission,
  type FormSettings,
} from '../../../core/forms/form-design.ts';
import { formatNumber, parseNumberingRule } from '../../../core/forms/numbering.ts';
import { idOfParam } from '../../ui/edit-target.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { problemSentence, problemsOfFailure } from '../../ui/problem-sentence.ts';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { schemaRules } from '../../ui/schema-rules.ts';
import { messageOf } from '../../api/error-message.ts';
import type { DesignerApi } from './designer-api.ts';
import { advancePath } from './designer-paths.ts';
import { useDesignerApi } from './form-designer-page.tsx';
import '../../ui/admin.css';
import './form-designer.css';
import { useTextIn } from '../../i18n/local-text.ts';

const MAX_INDEXED = 8;
const BUTTONS: ButtonPointName[] = ['create', 'edit', 'delete', 'export', 'import'];
const PERMISSIONS: FieldPermission[] = ['editable', 'readonly', 'hidden'];
/** Settings parts a refused save can name (`settings.<part>…`). */
type Part = 'numbering' | 'defaults' | 'titleField' | 'listColumns' | 'indexedFields' | 'fieldPermissions' | 'buttonPoints';
/** The form's own name (a text per language or one for all) and description, saved with form/update. */
interface Identity {
  name: LocalText;
  description: string;
}
const identityOf = (form: FormDetail): Identity => ({ name: form.name, description: form.description });
const sameIdentity = (a: Identity, b: Identity) => sameText(normalizeText(a.name), normalizeText(b.name)) && a.description.trim() === b.description.trim();

/** A default value input fitting the field's type; types without a simple input get none. */
function DefaultInput({ field, value, onChange }: { field: FieldDesign; value: unknown; onChange: (value: unknown) => void }) {
  const kind = FIELD_TYPES[field.type].value;
  const textOf = useTextIn();
  const label = textOf(field.label) || field.key;
  if (field.options) {
    return (
      <Select
        aria-label={label}
        allowClear
        className="designer-wide"
        mode={kind === 'strings' ? 'multiple' : undefined}
        value={value as string | string[] | undefined}
        options={field.options.map((o) => ({ value: o.value, label: textOf(o.label) || o.value }))}
        onChange={(next) => onChange(next === undefined || (Array.isArray(next) && next.length === 0) ? undefined : next)}
      />
    );
  }
  if (kind === 'boolean') return <Switch aria-label={label} checked={value === true} onChange={(checked) => onChange(checked || undefined)} />;
  if (kind === 'number') return <InputNumber aria-label={label} className="designer-wide" value={typeof value === 'number' ? value : null} onChange={(next) => onChange(next ?? undefined)} />;
  return <Input aria-label={label} dir="auto" value={typeof value === 'string' ? value : ''} placeholder={field.type === 'date' ? 'YYYY-MM-DD' : undefined} onChange={(e) => onChange(e.target.value || undefined)} />;
}

function NumberingExample({ rule }: { rule: string }) {
  const { t } = useTranslation('forms');
  if (!rule) return <Typography.Text type="secondary">{t('designer.advance.noNumbering')}</Typography.Text>;
  const parsed = parseNumberingRule(rule);
  if ('error' in parsed) {
    return (
      <Typography.Text type="danger" data-testid="numbering-error">
        {problemSentence(t, { path: 'numbering.rule', key: parsed.key, params: parsed.params, message: parsed.error })}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text data-testid="numbering-example">
      {t('designer.advance.example')} <bdi dir="ltr">{formatNumber(parsed, new Date(), 1)}</bdi>, <bdi dir="ltr">{formatNumber(parsed, new Date(), 2)}</bdi>
    </Typography.Text>
  );
}

const SettingsEditor = observer(function SettingsEditor({ api, form, onSaved }: { api: DesignerApi; form: FormDetail; onSaved: (form: FormDetail) => void }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const { message } = App.useApp();
  const adminApi = useAdminApi();
  const [settings, setSettings] = useState<FormSettings>({ ...DEFAULT_FORM_SETTINGS, ...form.settings });
  const [saved, setSaved] = useState(JSON.stringify(settings));
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const [identityForm] = Form.useForm<Identity>();
  const [savedIdentity, setSavedIdentity] = useState(() => identityOf(form));
  const identity = Form.useWatch([], identityForm) as Identity | undefined;
  const identityChanged = identity !== undefined && !sameIdentity(identity, savedIdentity);
  const [flow] = useState(() => new Loadable(() => api.flow(form.id)));
  const [points, setPoints] = useState<FunctionPointOption[]>([]);
  useEffect(() => {
    void flow.load();
    adminApi.points().then(setPoints, () => setPoints([]));
  }, [flow, adminApi]);
  useUnsavedChanges(() => JSON.stringify(settings) !== saved || identityChanged);

  const fields = valueFields(form.design);
  const fieldOptions = fields.map((f) => ({ value: f.key, label: textOf(f.label) || f.key }));
  const set = (patch: Partial<FormSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const nodes = flow.data?.flow ? approvalNodesOf(flow.data.flow) : [];
  const permissionOf = (node: string, key: string): FieldPermission => settings.fieldPermissions[node]?.[key] ?? 'editable';
  const setPermission = (node: string, key: string, permission: FieldPermission) => {
    const row = { ...settings.fieldPermissions[node], [key]: permission };
    if (permission === 'editable') delete row[key];
    set({ fieldPermissions: { ...settings.fieldPermissions, [node]: row } });
  };

  const save = async () => {
    let next: Identity;
    try {
      next = await identityForm.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setErrors({});
    setFailure('');
    try {
      let updated = form;
      // The name and description first: the settings then save on the revision that left.
      if (!sameIdentity(next, savedIdentity)) {
        updated = await api.update({ id: form.id, revision: updated.revision, name: normalizeText(next.name), description: next.description.trim() });
        setSavedIdentity(identityOf(updated));
        onSaved(updated);
      }
      if (JSON.stringify(settings) !== saved) {
        updated = await api.saveSettings({ id: form.id, revision: updated.revision, settings });
        setSaved(JSON.stringify(settings));
        onSaved(updated);
      }
      void message.success(t('designer.advance.saved'));
    } catch (error) {
      // Each refused setting is said beside its part, the name and description at theirs; anything else above the form.
      const placed: Partial<Record<Part, string>> = {};
      const rest: string[] = [];
      for (const problem of problemsOfFailure(error)) {
        const part = /^settings\.(\w+)/.exec(problem.path)?.[1];
        const own = /^(name|description)\b/.exec(problem.path)?.[1] as keyof Identity | undefined;
        const sentence = problemSentence(t, problem);
        if (own) identityForm.setFields([{ name: own, errors: [sentence] }]);
        else if (part && part in DEFAULT_FORM_SETTINGS) placed[part as Part] = [placed[part as Part], sentence].filter(Boolean).join(' ');
        else rest.push(sentence);
      }
      setErrors(placed);
      setFailure(rest.join(' ') || (Object.keys(placed).length ? '' : messageOf(error, '')));
    } finally {
      setSaving(false);
    }
  };
  const status = (part: Part) => (errors[part] ? { validateStatus: 'error' as const, help: errors[part] } : {});

  return (
    <div className="advance-form">
      {failure && <Alert type="error" showIcon role="alert" title={failure} className="admin-block" />}
      <Form form={identityForm} layout="vertical" component="div" name="form-identity" initialValues={savedIdentity}>
        <Card size="small" title={t('designer.advance.form')} className="admin-block">
          <Form.Item name="name" label={t('designer.list.name')} rules={[{ required: true, message: t('designer.list.nameRequired') }, ...schemaRules(t, formUpdateBody, 'name')]}>
            <LocalTextInput maxLength={FORM_NAME_MAX} data-testid="form-name" />
          </Form.Item>
          <Form.Item name="description" label={t('designer.props.description')} rules={schemaRules(t, formUpdateBody, 'description')}>
            <Input.TextArea dir="auto" maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Card>
      </Form>
      <Form layout="vertical" component="div">
        <Card size="small" title={t('designer.advance.numbering')} className="admin-block">
          <Form.Item label={t('designer.advance.numberingRule')} htmlFor="advance-numbering" {...status('numbering')} extra={<NumberingExample rule={settings.numbering?.rule ?? ''} />}>
            <Input
              id="advance-numbering"
              dir="ltr"
              placeholder="QC-{YYYYMMDD}-{####}"
              value={settings.numbering?.rule ?? ''}
              onChange={(e) => set({ numbering: e.target.value ? { rule: e.target.value } : null })}
            />
          </Form.Item>
        </Card>
        <Card size="small" title={t('designer.advance.list')} className="admin-block">
          <Form.Item label={t('designer.advance.titleField')} htmlFor="advance-title" {...status('titleField')}>
            <Select id="advance-title" allowClear value={settings.titleField ?? undefined} options={fieldOptions} onChange={(titleField?: string) => set({ titleField: titleField ?? null })} />
          </Form.Item>
          <Form.Item label={t('designer.advance.listColumns')} htmlFor="advance-columns" extra={t('designer.advance.listColumnsHelp')} {...status('listColumns')}>
            <Select id="advance-columns" mode="multiple" value={settings.listColumns} options={fieldOptions} onChange={(listColumns: string[]) => set({ listColumns })} />
          </Form.Item>
          <Form.Item label={t('designer.advance.indexedFields')} htmlFor="advance-indexed" extra={t('designer.advance.indexedHelp', { max: MAX_INDEXED })} {...status('indexedFields')}>
            <Select id="advance-indexed" mode="multiple" maxCount={MAX_INDEXED} value={settings.indexedFields} options={fieldOptions} onChange={(indexedFields: string[]) => set({ indexedFields })} />
          </Form.Item>
        </Card>
        <Card size="small" title={t('designer.advance.defaults')} className="admin-block">
          {errors.defaults && <Alert type="error" showIcon title={errors.defaults} className="admin-block" />}
          {fields.length === 0 ? (
            <Empty description={t('designer.advance.noFields')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <div className="advance-defaults">
              {fields
                .filter((f) => ['string', 'number', 'boolean', 'strings'].includes(FIELD_TYPES[f.type].value))
                .map((field) => (
                  <Form.Item key={field.key} label={textOf(field.label) || field.key}>
                    <DefaultInput
                      field={field}
                      value={settings.defaults[field.key]}
                      onChange={(value) => {
                        const defaults = { ...settings.defaults, [field.key]: value };
                        if (value === undefined) delete defaults[field.key];
                        set({ defaults });
                      }}
                    />
                  </Form.Item>
                ))}
            </div>
          )}
        </Card>
        <Card size="small" title={t('designer.advance.permissions')} className="admin-block">
          {errors.fieldPermissions && <Alert type="error" showIcon title={errors.fieldPermissions} className="admin-block" />}
          <LoadState source={flow} empty={{ when: () => nodes.length === 0, description: t('designer.advance.noNodes') }}>
            {() => (
              <Table
                className="advance-matrix"
                size="small"
                rowKey="key"
                pagination={false}
                scroll={{ x: 200 + nodes.length * 140 }}
                dataSource={fields}
                columns={[
                  { title: t('designer.advance.field'), key: 'label', fixed: 'start', width: 180, render: (_: unknown, field: FieldDesign) => textOf(field.label) || field.key },
                  ...nodes.map((node) => ({
                    title: textOf(node.name),
                    key: node.id,
                    render: (_: unknown, field: FieldDesign) => (
                      <Select
                        size="small"
                        aria-label={`${textOf(node.name)} · ${textOf(field.label)}`}
                        value={permissionOf(node.id, field.key)}
                        options={PERMISSIONS.map((p) => ({ value: p, label: t(`designer.advance.permission.${p}`) }))}
                        onChange={(p: FieldPermission) => setPermission(node.id, field.key, p)}
                      />
                    ),
                  })),
                ]}
              />
            )}
          </LoadState>
        </Card>
        <Card size="small" title={t('designer.advance.buttons')} className="admin-block">
          {BUTTONS.map((button) => (
            <Form.Item key={button} label={t(`designer.advance.button.${button}`)} htmlFor={`advance-button-${button}`} {...(errors.buttonPoints ? status('buttonPoints') : {})}>
              <Select
                id={`advance-button-${button}`}
                allowClear
                showSearch
                placeholder={t('designer.advance.defaultPoint')}
                value={settings.buttonPoints[button]}
                options={points.map((p) => ({ value: p.code, label: `${textOf(p.title)} (${p.code})` }))}
                onChange={(code?: string) => {
                  const buttonPoints = { ...settings.buttonPoints, [button]: code };
                  if (!code) delete buttonPoints[button];
                  set({ buttonPoints });
                }}
              />
            </Form.Item>
          ))}
        </Card>
      </Form>
      <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={JSON.stringify(settings) === saved && !identityChanged} onClick={() => void save()} data-testid="save-settings">
        {t('designer.advance.save')}
      </Button>
    </div>
  );
});

/** /table/customerForm/advance: a form's numbering, defaults, list, permissions per flow node and button points. */
const FormAdvancePage = observer(function FormAdvancePage() {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const api = useDesignerApi();
  const held = useHeldPoints('form');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOfParam(params.get('id'));
  const [forms] = useState(() => new Loadable(api.allForms));
  const [detail, setDetail] = useState<Loadable<FormDetail> | null>(null);
  useEffect(() => {
    void forms.load();
  }, [forms]);
  useEffect(() => {
    if (id === null) return setDetail(null);
    const next = new Loadable(() => api.detail(id));
    setDetail(next);
    void next.load();
  }, [api, id]);

  if (held.ready && !held.has(FORM_POINTS.edit)) return <Result status="403" title={t('designer.forbidden')} />;
  return (
    <div className="admin-page designer-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('designer.advance.title')}</Typography.Title>
        <Space>
          <Select
            aria-label={t('designer.advance.pickForm')}
            placeholder={t('designer.advance.pickForm')}
            showSearch
            optionFilterProp="search"
            className="admin-search"
            loading={forms.loading}
            value={id ?? undefined}
            options={(forms.data ?? []).map((f) => ({ value: f.id, label: textOf(f.name), search: everyText(f.name).join(' ') }))}
            onChange={(next: number) => void navigate(advancePath(next))}
            data-testid="advance-form-picker"
          />
        </Space>
      </div>
      {detail === null ? (
        <Card>
          <Empty description={t('designer.advance.pickForm')} />
        </Card>
      ) : (
        <LoadState source={detail}>
          {(form) => (
            <SettingsEditor
              key={`${form.id}`}
              api={api}
              form={form}
              onSaved={(updated) => {
                detail.set(updated);
                void forms.load();
              }}
            />
          )}
        </LoadState>
      )}
    </div>
  );
});

export default FormAdvancePage;
