import { DatabaseOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FLOW_TASK_LISTS, type FlowTaskList } from '../../../core/contracts/flows.ts';
import type { FormOption } from '../../../core/contracts/form.ts';
import { RECORD_POINTS, RECORD_READ_POINTS } from '../../../core/contracts/record.ts';
import { textIn } from '../../../core/local-text.ts';
import { useTextLanguage } from '../../i18n/local-text.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { MyTasks } from './my-tasks.tsx';
import { useFormDataApi } from './use-form-data-api.ts';
import '../../ui/admin.css';
import './form-data.css';

type FormDataTab = 'forms' | FlowTaskList;

/** The forms by their names in the reader's language, in that language's order. */
const namedInOrder = (forms: readonly FormOption[], lng: string) =>
  forms.map((form) => ({ form, name: textIn(form.name, lng) })).sort((a, b) => a.name.localeCompare(b.name, lng));
const TABS: readonly FormDataTab[] = ['forms', ...FLOW_TASK_LISTS];
const tabOf = (value: string | null): FormDataTab => (TABS.includes(value as FormDataTab) ? (value as FormDataTab) : 'forms');

/** /table/formData — the forms the user works with (fill, data) and their flow tasks; the tab lives in `?tab=`. */
const FormDataPage = observer(function FormDataPage() {
  const { t } = useTranslation('forms');
  const api = useFormDataApi();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <div className="admin-page form-data-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('list.catalogue.title')}</Typography.Title>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'forms' ? {} : { tab: key }, { replace: true })}
        items={TABS.map((key) => ({
          key,
          label: t(`list.tabs.${key}`),
          children: key === 'forms' ? <FormCatalogue /> : <Card>{tab === key && <MyTasks api={api} status={key} />}</Card>,
        }))}
      />
    </div>
  );
});

function FormCatalogue() {
  const { t } = useTranslation('forms');
  const lng = useTextLanguage();
  const api = useFormDataApi();
  const navigate = useNavigate();
  const held = useHeldPoints('record');
  const [forms] = useState(() => new Loadable<FormOption[]>(() => api.formOptions()));
  useEffect(() => {
    void forms.load();
  }, [forms]);
  return (
    <LoadState source={forms} empty={{ when: (list) => list.length === 0, description: t('list.catalogue.empty') }}>
      {(list) => (
        <div className="form-data-catalogue" data-testid="form-catalogue">
          {namedInOrder(list, lng).map(({ form, name }) => (
            <Card key={form.id} title={<span dir="auto">{name}</span>} size="small" data-form={form.id}>
              <Typography.Paragraph type="secondary">{t('list.catalogue.version', { version: form.currentVersion })}</Typography.Paragraph>
              <Space wrap>
                {held.has(RECORD_POINTS.create) && (
                  <Button type="primary" icon={<FormOutlined />} onClick={() => void navigate(`/table/fill/${form.id}`)} aria-label={t('list.catalogue.fillLabel', { name })}>
                    {t('list.catalogue.fill')}
                  </Button>
                )}
                {RECORD_READ_POINTS.some((point) => held.has(point)) && (
                  <Button icon={<DatabaseOutlined />} onClick={() => void navigate(`/table/dataList/${form.id}`)} aria-label={t('list.catalogue.dataLabel', { name })}>
                    {t('list.catalogue.data')}
                  </Button>
                )}
              </Space>
            </Card>
          ))}
        </div>
      )}
    </LoadState>
  );
}

export default FormDataPage;
