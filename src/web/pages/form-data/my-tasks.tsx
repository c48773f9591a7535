import { Table, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FlowTaskItem, FlowTaskList, FlowTaskPage } from '../../../core/contracts/flows.ts';
import { formatServerDate } from '../../../core/format.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { languageOf } from '../../i18n/i18n.ts';
import type { FormDataApi } from './form-data-api.ts';
import { textIn } from '../../../core/local-text.ts';

/** One list of the user's flow tasks (pending, done or CC), paged on the server; a row opens its record. */
export const MyTasks = observer(function MyTasks({ api, status }: { api: FormDataApi; status: FlowTaskList }) {
  const { t, i18n } = useTranslation('forms');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const source = useMemo(() => new Loadable<FlowTaskPage>(() => api.tasks(status, paging.pageNum, paging.pageSize)), [api, status, paging]);
  useEffect(() => {
    void source.load();
  }, [source]);
  const language = languageOf(i18n);
  const when = (task: FlowTaskItem) => (status === 'done' ? (task.finishTime ?? task.createTime) : task.createTime);
  return (
    <LoadState source={source} empty={{ when: (page) => page.total === 0, description: t(`list.tasks.empty.${status}`) }}>
      {(page) => (
        <Table<FlowTaskItem>
          rowKey="id"
          size="middle"
          dataSource={page.list}
          scroll={{ x: 'max-content' }}
          data-testid={`tasks-${status}`}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: page.total,
            showTotal: (total) => t('list.total', { count: total }),
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          }}
          columns={[
            { key: 'form', title: t('list.tasks.form'), render: (_v, task) => <span dir="auto">{textIn(task.formName, language)}</span> },
            {
              key: 'number',
              title: t('list.system.number'),
              render: (_v, task) => (
                <Link to={task.link || `/table/edit/${task.recordId}`}>
                  <bdi>{task.recordNumber ?? `#${task.recordId}`}</bdi>
                </Link>
              ),
            },
            { key: 'title', title: t('list.system.title'), render: (_v, task) => <span dir="auto">{task.recordTitle}</span> },
            { key: 'step', title: t('list.tasks.step'), render: (_v, task) => <span dir="auto">{textIn(task.nodeName, language)}</span> },
            { key: 'submitter', title: t('list.tasks.submitter'), render: (_v, task) => <span dir="auto">{task.submitterName}</span> },
            { key: 'status', title: t('list.system.status'), render: (_v, task) => <Tag>{t(`list.status.${task.recordStatus}`, { defaultValue: task.recordStatus })}</Tag> },
            ...(status === 'done' ? [{ key: 'comment', title: t('list.tasks.comment'), render: (_v: unknown, task: FlowTaskItem) => <span dir="auto">{task.comment ?? ''}</span> }] : []),
            {
              key: 'received',
              title: status === 'done' ? t('list.tasks.handled') : t('list.tasks.received'),
              render: (_v, task) => <bdi className="admin-nowrap">{formatServerDate(when(task), language)}</bdi>,
            },
          ]}
        />
      )}
    </LoadState>
  );
});
