import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SHEET_SORTS, type SheetSort } from '../../../../core/contracts/drawings.ts';
import { formatNumber } from '../../../../core/value-format.ts';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import type { RegisterStore } from './register-store.ts';

/** Above the sheets: the search by number or title, the discipline and set filters, and the sort. */
export const RegisterToolbar = observer(function RegisterToolbar({ register }: { register: RegisterStore }) {
  const { t } = useTranslation('drawings');
  const { discipline, disciplineCodes, language } = useDrawingTexts();
  const { query } = register;
  const counts = new Map((register.listing.data?.disciplines ?? []).map((each) => [each.code, each.count]));
  const disciplineLabel = (code: string) => {
    const count = counts.get(code);
    return count === undefined ? discipline(code) : `${discipline(code)} (${formatNumber(count, language)})`;
  };
  // The workspace's disciplines with sheets first, then the rest, each in the list's order; a code
  // sheets carry that the list no longer has still filters.
  const listed = [...disciplineCodes, ...[...counts.keys()].filter((code) => !disciplineCodes.includes(code))];
  const codes = listed.sort((a, b) => Number(!counts.get(a)) - Number(!counts.get(b)));
  return (
    <div className="drawing-toolbar">
      <Input.Search
        allowClear
        className="drawing-search"
        placeholder={t('register.search')}
        aria-label={t('register.search')}
        defaultValue={query.keyword}
        onSearch={(keyword) => register.search({ keyword })}
        data-testid="drawing-search"
      />
      <Space wrap>
        <Select<string>
          className="drawing-filter"
          aria-label={t('columns.discipline')}
          value={query.discipline ?? ''}
          onChange={(value) => register.search({ discipline: value || undefined })}
          options={[{ value: '', label: t('register.allDisciplines') }, ...codes.map((code) => ({ value: code, label: disciplineLabel(code) }))]}
          popupMatchSelectWidth={false}
          data-testid="drawing-discipline"
        />
        <Select<number | ''>
          className="drawing-filter"
          aria-label={t('columns.set')}
          value={query.setId ?? ''}
          loading={register.sets.loading}
          onChange={(value) => register.search({ setId: value === '' ? undefined : value })}
          options={[{ value: '', label: t('register.allSets') }, ...(register.sets.data ?? []).map((set) => ({ value: set.id, label: set.name }))]}
          popupMatchSelectWidth={false}
          data-testid="drawing-set"
        />
        <Space.Compact>
          <Select<SheetSort>
            className="drawing-filter"
            aria-label={t('register.sort')}
            value={query.sort}
            onChange={(sort) => register.setSort(sort, query.order)}
            options={SHEET_SORTS.map((sort) => ({ value: sort, label: t(`register.sortBy.${sort}`) }))}
            popupMatchSelectWidth={false}
            data-testid="drawing-sort"
          />
          <Button
            icon={query.order === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            aria-label={query.order === 'asc' ? t('register.ascending') : t('register.descending')}
            title={query.order === 'asc' ? t('register.ascending') : t('register.descending')}
            onClick={() => register.setSort(query.sort, query.order === 'asc' ? 'desc' : 'asc')}
            data-testid="drawing-order"
          />
        </Space.Compact>
      </Space>
    </div>
  );
});
