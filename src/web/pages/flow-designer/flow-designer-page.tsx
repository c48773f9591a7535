import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Result, Select, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { FLOW_POINTS } from '../../../core/contracts/flows.ts';
import { everyText } from '../../../core/local-text.ts';
import { idOfParam } from '../../ui/edit-target.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { useTextIn } from '../../i18n/local-text.ts';
import { designerPath } from '../form-designer/designer-paths.ts';
import { flowDesignerApi, type FlowDesignerApi } from './flow-api.ts';
import { FlowCanvas } from './flow-canvas.tsx';
import { FlowDesignerStore } from './flow-designer-store.ts';
import { NodeProperties } from './node-properties.tsx';
import { problemText } from './problem-text.ts';
import '../../ui/admin.css';
import './flow-designer.css';

/** Forms the picker lists (the tenant's whole catalogue fits; form/list pages at most 500). */
const FORM_PICKER_SIZE = 500;

/** /table/customerForm/flow?formId=: pick a form, then design its approval flow on a vertical canvas. */
const FlowDesignerPage = observer(function FlowDesignerPage() {
  const { t } = useTranslation('forms');
  const textIn = useTextIn();
  const stores = useStores();
  const api = useMemo(() => flowDesignerApi(stores.api.http), [stores]);
  const held = useHeldPoints('flow');
  const [params, setParams] = useSearchParams();
  const formId = idOfParam(params.get('formId'));
  const [forms] = useState(() => new Loadable(async () => (await api.forms(FORM_PICKER_SIZE)).list));

  useEffect(() => {
    void forms.load();
  }, [forms]);

  if (held.ready && !held.has(FLOW_POINTS.design)) return <Result status="403" title={t('flow.forbidden')} subTitle={t('flow.forbiddenHelp')} />;

  return (
    <div className="admin-page flow-designer-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('flow.title')}</Typography.Title>
        <Select
          className="flow-form-picker"
          aria-label={t('flow.pickForm')}
          placeholder={t('flow.pickForm')}
          value={formId ?? undefined}
          loading={forms.loading}
          // A form is found by its name in any language.
          showSearch={{ optionFilterProp: 'search' }}
          onChange={(id: number) => setParams({ formId: String(id) })}
          options={(forms.data ?? []).map((f) => ({ value: f.id, label: textIn(f.name), search: everyText(f.name).join(' ') }))}
          data-testid="flow-form-picker"
        />
      </div>
      {formId === null ? (
        <Card>
          <LoadState source={forms} empty={{ when: (list) => list.length === 0, description: t('flow.noForms') }}>
            {() => <Result status="info" title={t('flow.pickFormHelp')} />}
          </LoadState>
        </Card>
      ) : (
        <FlowDesigner key={formId} api={api} formId={formId} />
      )}
    </div>
  );
});

const FlowDesigner = observer(function FlowDesigner({ api, formId }: { api: FlowDesignerApi; formId: number }) {
  const { t } = useTranslation('forms');
  const textIn = useTextIn();
  const { modal, message } = App.useApp();
  const [store] = useState(() => new FlowDesignerStore(api, formId));
  useEffect(() => {
    void store.load();
  }, [store]);
  useUnsavedChanges(() => store.dirty);

  const save = async () => {
    if (await store.save()) void message.success(t('flow.saved'));
  };
  const confirmRemoveFlow = () => {
    modal.confirm({
      title: t('flow.removeFlowTitle'),
      content: t('flow.removeFlowContent'),
      okText: t('flow.removeFlow'),
      okButtonProps: { danger: true },
      cancelText: t('flow.cancel'),
      onOk: async () => {
        if (await store.removeFlow()) void message.success(t('flow.flowRemoved'));
      },
    });
  };

  return (
    <LoadState source={store.source}>
      {({ form }) => (
        <>
          <div className="flow-toolbar">
            <Space wrap>
              <Typography.Text strong dir="auto">
                {textIn(form.name)}
              </Typography.Text>
              {store.dirty && <Tag color="orange">{t('flow.unsaved')}</Tag>}
              {store.problems.length > 0 && (
                <Tag color="red" data-testid="flow-problem-count">
                  {t('flow.problemCount', { count: store.problems.length })}
                </Tag>
              )}
            </Space>
            <Space wrap>
              <Button danger icon={<DeleteOutlined />} disabled={!store.hasSavedFlow || store.saving} onClick={confirmRemoveFlow}>
                {t('flow.removeFlow')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={store.saving}
                disabled={!store.dirty || store.problems.length > 0}
                onClick={() => void save()}
                data-testid="flow-save"
              >
                {t('flow.save')}
              </Button>
            </Space>
          </div>
          <Alert
            type="info"
            showIcon
            className="admin-block"
            title={t('flow.publishNote')}
            action={<Link to={designerPath(form.id)}>{t('flow.openDesigner')}</Link>}
          />
          {store.saveFailure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              className="admin-block"
              data-testid="flow-save-failure"
              title={store.saveFailure.kind === 'conflict' ? t('flow.conflict') : t('flow.saveFailed')}
              description={store.saveFailure.problems.length ? store.saveFailure.problems.map((p) => problemText(p, t)).join(' ') : store.saveFailure.message}
              action={
                store.saveFailure.kind === 'conflict' ? (
                  <Button size="small" onClick={() => void store.load()}>
                    {t('flow.reload')}
                  </Button>
                ) : undefined
              }
            />
          )}
          {store.problemsByTarget.get('')?.map((problem, i) => <Alert key={i} type="warning" showIcon className="admin-block" title={problemText(problem, t)} />)}
          <div className="flow-workspace">
            <div className="flow-canvas-scroll">
              <FlowCanvas store={store} />
            </div>
            <Card className="flow-side" title={t('flow.properties')} size="small">
              <NodeProperties store={store} api={api} />
            </Card>
          </div>
        </>
      )}
    </LoadState>
  );
});

export default FlowDesignerPage;
