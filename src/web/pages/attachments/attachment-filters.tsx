import { ClearOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_TYPE_FILTERS, attachmentListBody } from '../../../core/contracts/attachments.ts';
import { FILE_TYPE_GROUP_NAMES } from '../../../core/contracts/files.ts';
import { everyText } from '../../../core/local-text.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import type { AttachmentStore } from './attachment-store.ts';

const DAY = 'YYYY-MM-DD';
const GROUPS: readonly string[] = FILE_TYPE_GROUP_NAMES;
// The request schema's limit, so the field refuses what the server would.
const NAME_MAX = (attachmentListBody.properties as { name: { maxLength: number } }).name.maxLength;

/** One labelled filter control; the label names the control for screen readers too. */
function Filter({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="attachments-filter" data-filter={id}>
      <label htmlFor={`attachments-${id}`} className="attachments-filter-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The filters of the attachment list: form, uploader, type, upload days and file name; each applies at once. */
export const AttachmentFilterBar = observer(function AttachmentFilterBar({ store }: { store: AttachmentStore }) {
  const { t } = useTranslation('admin');
  const textIn = useTextIn();
  const { filters } = store;
  const options = store.options.data;
  const [name, setName] = useState(filters.name ?? '');
  // Clearing the filters clears the typed name as well.
  useEffect(() => setName(filters.name ?? ''), [filters.name]);

  const typeOptions = [
    { label: t('attachments.filters.groups'), options: GROUPS.map((group) => ({ value: group, label: t(`attachments.groups.${group}`) })) },
    {
      label: t('attachments.filters.extensions'),
      options: ATTACHMENT_TYPE_FILTERS.filter((type) => !GROUPS.includes(type)).map((extension) => ({ value: extension, label: `.${extension}` })),
    },
  ];
  const range: [Dayjs | null, Dayjs | null] = [filters.uploadedFrom ? dayjs(filters.uploadedFrom) : null, filters.uploadedTo ? dayjs(filters.uploadedTo) : null];

  return (
    <div className="attachments-filters" role="search" aria-label={t('attachments.filters.label')}>
      <Filter id="form" label={t('attachments.filters.form')}>
        <Select
          id="attachments-form"
          allowClear
          showSearch={{ optionFilterProp: 'search' }}
          loading={store.options.loading}
          placeholder={t('attachments.filters.formPlaceholder')}
          options={(options?.forms ?? []).map((form) => ({ value: form.id, label: textIn(form.name), search: everyText(form.name).join(' ') }))}
          value={filters.formId}
          onChange={(formId?: number) => store.filter({ formId })}
          className="attachments-filter-control"
        />
      </Filter>
      <Filter id="uploader" label={t('attachments.filters.uploader')}>
        <Select
          id="attachments-uploader"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={store.options.loading}
          placeholder={t('attachments.filters.uploaderPlaceholder')}
          options={(options?.uploaders ?? []).map((user) => ({ value: user.id, label: user.name }))}
          value={filters.uploaderId}
          onChange={(uploaderId?: number) => store.filter({ uploaderId })}
          className="attachments-filter-control"
        />
      </Filter>
      <Filter id="type" label={t('attachments.filters.type')}>
        <Select
          id="attachments-type"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('attachments.filters.typePlaceholder')}
          options={typeOptions}
          value={filters.type}
          onChange={(type?: string) => store.filter({ type })}
          className="attachments-filter-control"
        />
      </Filter>
      <Filter id="dates" label={t('attachments.filters.dates')}>
        <DatePicker.RangePicker
          id={{ start: 'attachments-dates', end: 'attachments-dates-end' }}
          allowEmpty={[true, true]}
          placeholder={[t('attachments.filters.dateFrom'), t('attachments.filters.dateTo')]}
          value={range}
          onChange={(next) => {
            const [from, to] = (next ?? [null, null]).map((end: Dayjs | null) => (end ? end.format(DAY) : undefined));
            store.filter({ uploadedFrom: from, uploadedTo: to });
          }}
          className="attachments-filter-dates"
        />
      </Filter>
      <Filter id="name" label={t('attachments.filters.name')}>
        <Input.Search
          id="attachments-name"
          allowClear
          maxLength={NAME_MAX}
          placeholder={t('attachments.filters.namePlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            // The clear button empties the search at once.
            if (event.target.value === '' && filters.name) store.filter({ name: undefined });
          }}
          onSearch={(value) => store.filter({ name: value.trim() || undefined })}
          className="attachments-filter-control"
        />
      </Filter>
      {store.filtered && (
        <Button icon={<ClearOutlined />} onClick={() => store.clear()} className="attachments-clear">
          {t('attachments.filters.clear')}
        </Button>
      )}
    </div>
  );
});
