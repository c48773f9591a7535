import { Badge, Pagination, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RevisionFilePart, SheetRow } from '../../../../core/contracts/drawings.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { SheetThumbnail } from '../shared/sheet-thumbnail.tsx';
import { sheetPath } from '../shared/sheet-paths.ts';
import { REGISTER_PAGE_SIZE, type RegisterStore } from './register-store.ts';

export interface SheetViewProps {
  register: RegisterStore;
  fileUrl: (revisionId: number, part: RevisionFilePart) => string;
  /** What the empty register offers: the upload button, where the caller may upload. */
  emptyAction: ReactNode;
}

/** What an empty register says, grid or list: nothing matches the filters, or how to start. */
export function registerEmpty(register: RegisterStore, emptyAction: ReactNode, t: (key: string) => string) {
  return {
    when: (data: { total: number }) => data.total === 0,
    description: register.filtering ? t('register.noMatch') : emptyAction ? t('register.empty') : t('register.emptyNoUpload'),
    action: register.filtering ? undefined : emptyAction,
  };
}

/** The register as thumbnails: each sheet a card that opens its current revision. */
export const SheetGrid = observer(function SheetGrid({ register, fileUrl, emptyAction }: SheetViewProps) {
  const { t } = useTranslation('drawings');
  const { discipline } = useDrawingTexts();
  return (
    <LoadState
      source={register.listing}
      empty={registerEmpty(register, emptyAction, t)}
    >
      {(data) => (
        <>
          <ul className="drawing-grid" data-testid="drawing-grid">
            {data.rows.map((sheet) => (
              <li key={sheet.id}>
                <SheetCard sheet={sheet} thumbnail={sheet.current ? fileUrl(sheet.current.id, 'thumbnail') : null} disciplineName={discipline(sheet.discipline)} />
              </li>
            ))}
          </ul>
          <Pagination
            className="drawing-pagination"
            current={register.query.page}
            pageSize={REGISTER_PAGE_SIZE}
            total={data.total}
            hideOnSinglePage
            showSizeChanger={false}
            size="small"
            showTotal={(total) => t('register.total', { count: total })}
            onChange={(page) => register.setPage(page)}
          />
        </>
      )}
    </LoadState>
  );
});

function SheetCard({ sheet, thumbnail, disciplineName }: { sheet: SheetRow; thumbnail: string | null; disciplineName: string }) {
  const { t } = useTranslation('drawings');
  const body = (
    <>
      <SheetThumbnail url={thumbnail} alt={t('register.thumbnailOf', { number: sheet.number })} />
      <div className="drawing-card-text">
        <div className="drawing-card-number">
          <bdi>{sheet.number}</bdi>
          {sheet.current && <span className="drawing-card-rev">{t('register.revision', { label: sheet.current.label })}</span>}
        </div>
        <div className="drawing-card-title" dir="auto" title={sheet.title}>
          {sheet.title || t('register.untitled')}
        </div>
        <div className="drawing-card-tags">
          <Tag>{disciplineName}</Tag>
          {sheet.setName && (
            <Tag className="drawing-card-set">
              <bdi>{sheet.setName}</bdi>
            </Tag>
          )}
          {sheet.pendingCount > 0 && <Badge status="warning" text={t('register.pendingCount', { count: sheet.pendingCount })} />}
        </div>
      </div>
    </>
  );
  return sheet.current ? (
    <Link to={sheetPath(sheet.current.id)} className="drawing-card" data-testid={`drawing-sheet-${sheet.number}`}>
      {body}
    </Link>
  ) : (
    <div className="drawing-card drawing-card-unpublished" data-testid={`drawing-sheet-${sheet.number}`}>
      {body}
    </div>
  );
}
