import { Alert, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewport } from '../../../../core/drawings/viewport.ts';
import { SheetView, type SheetSource } from '../../../drawing-kit/sheet-view.tsx';
import './sheet-compare.css';

export type CompareMode = 'sideBySide' | 'overlay';
export type CompareSide = { source: SheetSource; label: string };

/** Two sheets overlay only when they are the same kind of file and (within 1%) the same size. */
export function canOverlay(a: SheetSource, b: SheetSource): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.01 * Math.max(x, y);
  return a.kind === b.kind && close(a.width, b.width) && close(a.height, b.height);
}

/**
 * Two revisions of a sheet, compared: side by side with one pan and zoom for both, or one on
 * the other (the older in red, the newer in green, what both have in grey). The older drives
 * the overlay; the newer lies on it, blended, and lets pointer events through.
 */
export function SheetCompare({ older, newer, number, mode: shownMode, onModeChange }: { older: CompareSide; newer: CompareSide; number: string; mode?: CompareMode; onModeChange?: (mode: CompareMode) => void }) {
  const { t } = useTranslation('sheetViewer');
  const [ownMode, setOwnMode] = useState<CompareMode>('sideBySide');
  const wanted = shownMode ?? ownMode;
  const overlayable = canOverlay(older.source, newer.source);
  const mode = overlayable ? wanted : 'sideBySide';
  const [view, setView] = useState<Viewport | null>(null);
  const choose = (next: CompareMode) => {
    setOwnMode(next);
    onModeChange?.(next);
  };
  const olderLabel = t('compare.older', { label: older.label });
  const newerLabel = t('compare.newer', { label: newer.label });

  return (
    <section className="sheet-compare" aria-label={t('compare.label')} data-mode={mode}>
      <div className="sheet-compare-bar">
        <Segmented<CompareMode>
          aria-label={t('compare.mode')}
          value={mode}
          onChange={(value) => choose(value)}
          options={[
            { value: 'sideBySide', label: t('compare.sideBySide') },
            { value: 'overlay', label: t('compare.overlay'), disabled: !overlayable },
          ]}
          data-testid="sheet-compare-mode"
        />
        {mode === 'overlay' ? (
          <ul className="sheet-compare-legend">
            <li>
              <span className="sheet-compare-swatch sheet-compare-swatch-old" aria-hidden="true" />
              {t('compare.onlyOlder')} ({older.label})
            </li>
            <li>
              <span className="sheet-compare-swatch sheet-compare-swatch-new" aria-hidden="true" />
              {t('compare.onlyNewer')} ({newer.label})
            </li>
            <li>
              <span className="sheet-compare-swatch sheet-compare-swatch-same" aria-hidden="true" />
              {t('compare.both')}
            </li>
          </ul>
        ) : null}
      </div>
      {!overlayable && wanted === 'overlay' && <Alert type="info" showIcon title={t('compare.differentKinds')} />}
      {mode === 'sideBySide' ? (
        <div className="sheet-compare-panes">
          <figure className="sheet-compare-pane">
            <figcaption>{olderLabel}</figcaption>
            <SheetView
              key={`old-${older.source.url}`}
              source={older.source}
              viewport={view}
              onViewportChange={setView}
              panWithPrimary
              ariaLabel={t('compare.sheetOf', { label: older.label, number })}
              minimap={false}
            />
          </figure>
          <figure className="sheet-compare-pane">
            <figcaption>{newerLabel}</figcaption>
            <SheetView
              key={`new-${newer.source.url}`}
              source={newer.source}
              viewport={view}
              onViewportChange={setView}
              panWithPrimary
              ariaLabel={t('compare.sheetOf', { label: newer.label, number })}
              minimap={false}
            />
          </figure>
        </div>
      ) : (
        <div className="sheet-compare-stack" data-testid="sheet-compare-overlay">
          <SheetView
            key={`old-${older.source.url}`}
            source={older.source}
            viewport={view}
            onViewportChange={setView}
            tint="red"
            panWithPrimary
            ariaLabel={`${olderLabel} · ${newerLabel}`}
            minimap={false}
            className="sheet-compare-under"
          />
          <SheetView
            key={`new-${newer.source.url}`}
            source={newer.source}
            viewport={view}
            onViewportChange={setView}
            tint="green"
            ariaLabel={newerLabel}
            controls={false}
            minimap={false}
            className="sheet-compare-over"
          />
        </div>
      )}
    </section>
  );
}
