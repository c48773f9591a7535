import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Input, List, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { SHEET_PICKER_PAGE_SIZE, SheetPickerStore } from './history-store.ts';

/** The history screen without a sheet: find one by its number or title, then open its revisions. */
export const SheetPicker = observer(function SheetPicker({ workspaceCode, onPick }: { workspaceCode: string; onPick: (sheetId: number) => void }) {
  const { t } = useTranslation('drawings');
  const { discipline } = useDrawingTexts();
  const { api } = useDrawingApi();
  const [store] = useState(() => new SheetPickerStore(api, workspaceCode));
  useEffect(() => void store.listing.load(), [store]);
  return (
    <div className="admin-page drawing-page drawing-history">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('history.title')}</Typography.Title>
      </div>
      <Card size="small" title={t('history.chooseSheet')}>
        <Input.Search
          allowClear
          className="drawing-search drawing-picker-search"
          placeholder={t('register.search')}
          aria-label={t('register.search')}
          onSearch={(keyword) => store.search(keyword)}
          data-testid="drawing-history-search"
        />
        <LoadState
          source={store.listing}
          empty={{ when: (data) => data.total === 0, description: store.keyword.trim() ? t('register.noMatch') : t('history.noSheets') }}
        >
          {(data) => (
            <List
              size="small"
              dataSource={data.rows}
              pagination={
                data.total > SHEET_PICKER_PAGE_SIZE
                  ? { current: store.page, pageSize: SHEET_PICKER_PAGE_SIZE, total: data.total, size: 'small', showSizeChanger: false, onChange: (page) => store.setPage(page) }
                  : false
              }
              renderItem={(sheet) => (
                <List.Item>
                  <Button type="link" className="drawing-picker-sheet" icon={<HistoryOutlined />} onClick={() => onPick(sheet.id)} data-testid={`drawing-history-sheet-${sheet.number}`}>
                    <bdi className="drawing-number">{sheet.number}</bdi>
                    <span dir="auto" className="drawing-picker-title">
                      {sheet.title}
                    </span>
                    <Typography.Text type="secondary" className="drawing-picker-meta">
                      {discipline(sheet.discipline)}
                      {sheet.current ? ` · ${t('register.revision', { label: sheet.current.label })}` : ''}
                    </Typography.Text>
                  </Button>
                </List.Item>
              )}
            />
          )}
        </LoadState>
      </Card>
    </div>
  );
});
