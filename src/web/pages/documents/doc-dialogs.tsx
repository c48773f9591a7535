import { App, Form, Input, Modal, Select, Space, Table, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOC_ACCESS_LEVELS, accessAtLeast, docNameSchema, type DocAccess, type DocFolder, type DocFolderGrant, type DocRole } from '../../../core/contracts/documents.ts';
import { useSave } from '../../ui/use-save.ts';
import { messageOf } from '../../api/error-message.ts';
import type { DocApi } from '../../api/doc-endpoints.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import type { LocalText } from '../../../core/local-text.ts';

const NAME_PATTERN = new RegExp(docNameSchema.pattern, 'u');

/** A folder or document name, checked as the server checks it. */
export function NameDialog(props: { title: string; initial: string; onSubmit: (name: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('docs');
  const [form] = Form.useForm<{ name: string }>();
  const saving = useSave(
    props.onSubmit,
    props.onClose,
    (failure) => {
      form.setFields([{ name: 'name', errors: [messageOf(failure, t('failed'))] }]);
      return '';
    },
  );
  const submit = async () => {
    const { name } = await form.validateFields();
    await saving.save(name.trim());
  };
  return (
    <Modal open title={props.title} onOk={() => void submit()} onCancel={props.onClose} confirmLoading={saving.busy} okText={t('save')} cancelText={t('cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: props.initial }} onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[
            { required: true, whitespace: true, message: t('nameRequired') },
            { max: docNameSchema.maxLength, message: t('nameTooLong', { max: docNameSchema.maxLength }) },
            { pattern: NAME_PATTERN, message: t('nameInvalid') },
          ]}
        >
          <Input autoFocus dir="auto" data-testid="doc-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface FolderOption {
  value: number | 'top';
  title: string;
  disabled: boolean;
  children: FolderOption[];
}

/** Where items go: a folder the caller may add to (the moved folders and their insides are not offered). */
export function TargetDialog(props: {
  title: string;
  topName: string;
  folders: readonly DocFolder[];
  rootAccess: DocAccess | null;
  excluded: readonly number[];
  onSubmit: (targetId: number | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('docs');
  const [target, setTarget] = useState<number | 'top' | undefined>();
  const { error, setError, busy, save } = useSave(props.onSubmit, props.onClose, t('failed'));
  const options = useMemo(() => {
    const build = (parentId: number | null): FolderOption[] =>
      props.folders
        .filter((f) => f.parentId === parentId && !props.excluded.includes(f.id))
        .map((f) => ({ value: f.id, title: f.name, disabled: !accessAtLeast(f.access, 'upload'), children: build(f.id) }));
    return [{ value: 'top' as const, title: props.topName, disabled: !accessAtLeast(props.rootAccess, 'upload'), children: build(null) }];
  }, [props.folders, props.excluded, props.rootAccess, props.topName]);
  const submit = async () => {
    if (target === undefined) return setError(t('chooseTarget'));
    await save(target === 'top' ? null : target);
  };
  return (
    <Modal open title={props.title} onOk={() => void submit()} onCancel={props.onClose} confirmLoading={busy} okText={t('ok')} cancelText={t('cancel')} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text id="doc-target-label">{t('target')}</Typography.Text>
        <TreeSelect<number | 'top'>
          aria-labelledby="doc-target-label"
          style={{ width: '100%' }}
          treeData={options}
          treeDefaultExpandAll
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError('');
          }}
          data-testid="doc-target"
          status={error ? 'error' : undefined}
        />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}

/** The roles a folder names and what each may do there; none named: it follows its parent. */
export function GrantsDialog(props: { api: DocApi; folder: DocFolder; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('docs');
  const textOf = useTextIn();
  const { message } = App.useApp();
  const [roles, setRoles] = useState<DocRole[] | null>(null);
  const [grants, setGrants] = useState<Map<number, DocAccess>>(new Map());
  const [loadError, setLoadError] = useState('');
  const { api, folder } = props;
  useEffect(() => {
    Promise.all([api.roles(), api.grants(folder.id)]).then(
      ([allRoles, current]) => {
        setRoles(allRoles);
        setGrants(new Map(current.map((g) => [g.roleId, g.access])));
      },
      (failure: unknown) => setLoadError(messageOf(failure, t('failed'))),
    );
  }, [api, folder.id, t]);
  const saving = useSave(
    () => api.setGrants(folder.id, [...grants].map(([roleId, access]): DocFolderGrant => ({ roleId, access }))),
    () => {
      void message.success(t('done.grants'));
      props.onSaved();
      props.onClose();
    },
    t('failed'),
  );
  const error = loadError || saving.error;
  const levelOptions = [{ value: '', label: t('access.none') }, ...DOC_ACCESS_LEVELS.map((level) => ({ value: level, label: t(`access.${level}`) }))];
  return (
    <Modal
      open
      width={560}
      title={t('grants.title', { name: folder.name })}
      onOk={() => void saving.save()}
      onCancel={props.onClose}
      confirmLoading={saving.busy}
      okButtonProps={{ disabled: roles === null }}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{grants.size ? t('grants.restricted') : t('grants.inherited')}</Typography.Paragraph>
      {error && (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      )}
      <Table<DocRole>
        rowKey="id"
        size="small"
        loading={roles === null && !loadError}
        dataSource={roles ?? []}
        pagination={false}
        columns={[
          { title: t('grants.role'), dataIndex: 'name', render: (name: LocalText) => <span dir="auto">{textOf(name)}</span> },
          {
            title: t('grants.access'),
            width: 200,
            render: (_: unknown, role) => (
              <Select<string>
                style={{ width: '100%' }}
                aria-label={t('grants.accessOf', { role: textOf(role.name) })}
                value={grants.get(role.id) ?? ''}
                options={levelOptions}
                onChange={(value) =>
                  setGrants((current) => {
                    const next = new Map(current);
                    if (value) next.set(role.id, value as DocAccess);
                    else next.delete(role.id);
                    return next;
                  })
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
