import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { RevisionFilePart } from '../../../../core/contracts/drawings.ts';
import { SheetCompare } from '../viewer/sheet-compare.tsx';
import { sheetSourceOf } from '../shared/sheet-source.ts';
import type { HistoryStore } from './history-store.ts';

/**
 * The two revisions picked in the history, compared by the sheet viewer: side by side with one
 * pan and zoom, or laid over each other (the older red, the newer green, what both hold grey).
 */
export const RevisionCompare = observer(function RevisionCompare({
  store,
  number,
  fileUrl,
}: {
  store: HistoryStore;
  number: string;
  fileUrl: (revisionId: number, part: RevisionFilePart) => string;
}) {
  const { t } = useTranslation('drawings');
  const pair = store.pair;
  return (
    <Card size="small" className="drawing-compare" title={pair ? t('history.compareTitle', { older: pair.older.label, newer: pair.newer.label }) : t('history.compare')} data-testid="drawing-compare">
      {pair ? (
        <div className="drawing-compare-frame">
          <SheetCompare
            key={`${pair.older.id}-${pair.newer.id}`}
            older={{ source: sheetSourceOf(pair.older, fileUrl), label: pair.older.label }}
            newer={{ source: sheetSourceOf(pair.newer, fileUrl), label: pair.newer.label }}
            number={number}
            mode={store.mode}
            onModeChange={(mode) => store.setMode(mode)}
          />
        </div>
      ) : (
        <Typography.Text type="secondary">{store.revisions.length < 2 ? t('history.onlyOne') : t('history.noPair')}</Typography.Text>
      )}
    </Card>
  );
});
