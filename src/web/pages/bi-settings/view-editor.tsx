import { CaretRightOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Empty, Form, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { biViewCreateBody, type BiView, type BiViewCheck } from '../../../core/contracts/bi.ts';
import { valueText } from '../../../core/value-text.ts';
import { Loadable } from '../../ui/loadable.ts';
import { schemaRules } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import type { BiApi } from '../../api/bi-endpoints.ts';
import { messageOf } from '../../api/error-message.ts';
import { useTextIn } from '../../i18n/local-text.ts';

const CodeEditor = lazy(() => import('../../ui/code-editor.tsx'));

interface Values {
  name: string;
  description?: string;
}

const FIELDS = ['name', 'description'];
const STARTING_SQL = '-- One SELECT over the relations listed beside this editor, e.g.\n-- select building, count(*) as requests from form_1 group by building\n';

/** `sql: the function x() is not …` -> `the function x() is not …`. */
const sqlProblem = (message: string) => (message.startsWith('sql: ') ? message.slice(5) : message);

/** Column names that PostgreSQL folds to lower case unless quoted. */
const quoted = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name}"`);

/**
 * Writes a registered view: its name, what it is for, and its SQL, with the relations it may
 * read beside the editor (and offered as completions). "Check" runs it on the server and
 * shows its columns and first rows; saving checks it again.
 */
export const ViewEditor = observer(function ViewEditor({ api, view, onSaved, onClose }: { api: BiApi; view: BiView | null; onSaved: (view: BiView) => void; onClose: () => void }) {
  const { t } = useTranslation('widgets');
  const textIn = useTextIn();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sql, setSql] = useState(view?.sql ?? STARTING_SQL);
  const [relationsSource] = useState(() => new Loadable(() => api.relations()));
  const [check, setCheck] = useState<{ status: 'idle' | 'running' } | { status: 'done'; result: BiViewCheck } | { status: 'failed'; message: string }>({ status: 'idle' });
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    void relationsSource.load();
  }, [relationsSource]);

  const relations = relationsSource.data;
  const relationsError = relationsSource.status === 'failed' ? relationsSource.error || t('bi.views.relationsFailed') : '';
  const names = useMemo(() => Object.fromEntries((relations ?? []).map((r) => [r.name, r.columns.map((c) => quoted(c.name))])), [relations]);

  const runCheck = async () => {
    setCheck({ status: 'running' });
    try {
      setCheck({ status: 'done', result: await api.checkView(sql) });
    } catch (failure) {
      setCheck({ status: 'failed', message: sqlProblem(messageOf(failure, t('bi.views.checkFailed'))) });
    }
  };

  const { error, busy: saving, save: write } = useSave(
    (values: Values) => {
      const body = { name: values.name, description: values.description ?? '', sql };
      return view ? api.updateView({ ...body, id: view.id, revision: view.revision }) : api.createView(body);
    },
    onSaved,
    (failure) => {
      const message = placeServerError(form, failure, FIELDS, (m) => (m.startsWith('name:') ? 'name' : undefined));
      if (!message.startsWith('sql: ')) return message;
      // The SQL's problem shows where a check's would.
      setCheck({ status: 'failed', message: sqlProblem(message) });
      return '';
    },
  );
  const save = async () => write(await form.validateFields());

  const close = () => {
    if (!touched) return onClose();
    modal.confirm({ title: t('bi.views.discardTitle'), content: t('bi.views.discard'), okText: t('bi.views.discardOk'), cancelText: t('bi.views.keepEditing'), onOk: onClose });
  };

  const result = check.status === 'done' ? check.result : null;
  return (
    <Drawer
      open
      // Wide enough for the editor beside the relations; a phone gets the whole screen.
      size={Math.min(1100, window.innerWidth)}
      title={view ? t('bi.views.editTitle', { name: view.name }) : t('bi.views.createTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('bi.views.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="bi-view-save">
            {t('plates.list.save')}
          </Button>
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" className="bi-view-alert" /> : null}
      <div className="bi-view-editor">
        <div className="bi-view-main">
          <Form form={form} layout="vertical" initialValues={{ name: view?.name ?? '', description: view?.description ?? '' }} onValuesChange={() => setTouched(true)}>
            <Form.Item name="name" label={t('bi.views.name')} rules={schemaRules(t, biViewCreateBody, 'name')}>
              <Input autoFocus maxLength={100} data-testid="bi-view-name" />
            </Form.Item>
            <Form.Item name="description" label={t('bi.views.description')} rules={schemaRules(t, biViewCreateBody, 'description')}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
            </Form.Item>
          </Form>
          <div className="bi-view-sql-label" id="bi-view-sql-label">
            {t('bi.views.sql')}
          </div>
          <div className="bi-view-sql" data-testid="bi-view-sql">
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              {relations || relationsError ? (
                <CodeEditor
                  language={{ kind: 'sql', names }}
                  text={sql}
                  revision={0}
                  onChange={(text) => {
                    setSql(text);
                    setTouched(true);
                  }}
                  marks={[]}
                  label={t('bi.views.sql')}
                  describedBy="bi-view-sql-hint"
                />
              ) : (
                <Skeleton active paragraph={{ rows: 6 }} />
              )}
            </Suspense>
          </div>
          <Typography.Paragraph type="secondary" className="admin-small" id="bi-view-sql-hint">
            {t('bi.views.sqlHint')}
          </Typography.Paragraph>
          <Space className="bi-view-check">
            <Button icon={<CaretRightOutlined />} onClick={() => void runCheck()} loading={check.status === 'running'} data-testid="bi-view-check">
              {t('bi.views.check')}
            </Button>
            {result ? <span role="status">{t('bi.views.checked', { count: result.columns.length })}</span> : null}
          </Space>
          {check.status === 'failed' ? <Alert type="error" showIcon title={t('bi.views.problem')} description={check.message} role="alert" data-testid="bi-view-problem" /> : null}
          {result ? (
            <Table
              className="bi-view-preview"
              size="small"
              bordered
              scroll={{ x: 'max-content' }}
              pagination={false}
              rowKey={(_, i) => String(i)}
              dataSource={result.rows}
              locale={{ emptyText: <Empty description={t('bi.views.noRows')} /> }}
              columns={result.columns.map((c) => ({
                key: c.name,
                dataIndex: c.name,
                title: (
                  <span className="bi-view-column">
                    {c.name} <Tag>{t(`bi.views.types.${c.type}`)}</Tag>
                  </span>
                ),
                render: (value: unknown) => (value === null || value === undefined ? <Typography.Text type="secondary">—</Typography.Text> : valueText(value)),
              }))}
              data-testid="bi-view-preview"
            />
          ) : null}
        </div>
        <aside className="bi-view-relations" aria-label={t('bi.views.relations')}>
          <Typography.Title level={5}>{t('bi.views.relations')}</Typography.Title>
          <Typography.Paragraph type="secondary" className="admin-small">
            {t('bi.views.relationsHint')}
          </Typography.Paragraph>
          {relationsError ? <Alert type="error" showIcon title={relationsError} /> : null}
          {!relations && !relationsError ? <Skeleton active /> : null}
          {relations?.length === 0 ? <Empty description={t('bi.views.noRelations')} /> : null}
          {relations?.map((relation) => (
            <details key={relation.name} className="bi-view-relation">
              <summary>
                <code>{relation.name}</code> <span dir="auto">{textIn(relation.title)}</span>
              </summary>
              <ul>
                {relation.columns.map((c) => (
                  <li key={c.name}>
                    <code>{quoted(c.name)}</code> <Typography.Text type="secondary">{t(`bi.views.types.${c.type}`)}</Typography.Text>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </aside>
      </div>
    </Drawer>
  );
});
