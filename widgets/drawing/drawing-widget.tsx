import { Alert, Empty, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWING_PATHS, type Calibration, type RevisionRow } from '../../src/core/contracts/drawings.ts';
import type { Markup } from '../../src/core/drawings/markup.ts';
import { formatNumber } from '../../src/core/value-format.ts';
import { ApiError } from '../../src/web/api/api-error.ts';
import { MarkupShape, type ShapeTexts } from '../../src/web/drawing-kit/markup-shapes.tsx';
import { markupTexts } from '../../src/web/drawing-kit/markup-texts.ts';
import { useDrawingApi } from '../../src/web/drawing-kit/use-drawing-api.ts';
import { SheetView, type SheetSource } from '../../src/web/drawing-kit/sheet-view.tsx';
import { useStores } from '../../src/web/stores/stores-context.tsx';
import type { WidgetRenderProps } from '../types.ts';
import type { DrawingProps } from './drawing-props.ts';
import './drawing-widget.css';

type Shown = { revision: RevisionRow; calibration: Calibration; markups: Markup[] };
type State = { status: 'loading' } | { status: 'ready'; shown: Shown } | { status: 'missing' | 'failed'; error: string };

/**
 * A drawing sheet on a page: the current revision of the sheet of that number in the page's
 * workspace (or one revision), read-only with pan and zoom, its published markups on it. What
 * the reader may not see is "not there", as the register says.
 */
const DrawingWidget = observer(function DrawingWidget({ props }: WidgetRenderProps<DrawingProps>) {
  const { t, i18n } = useTranslation(['sheetViewer', 'markups']);
  const stores = useStores();
  const { api, fileUrl } = useDrawingApi();
  const workspaceCode = stores.layout.workSpace?.code ?? null;
  const { sheetNumber, revisionId, showMarkups } = props;
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!revisionId && (!sheetNumber || !workspaceCode)) return;
    let current = true;
    setState({ status: 'loading' });
    const find = async (): Promise<Shown | null> => {
      let id = revisionId ?? null;
      if (!id) {
        const { rows } = await api.sheets({ workspaceCode: workspaceCode!, keyword: sheetNumber!, page: 1, size: 20, sort: 'number', order: 'asc' });
        const sheet = rows.find((row) => row.number.toLowerCase() === sheetNumber!.toLowerCase());
        id = sheet?.current?.id ?? null;
      }
      if (!id) return null;
      const detail = await api.revision(id);
      const markups = showMarkups ? await stores.api.http.get<Markup[]>(DRAWING_PATHS.markupList, { revisionId: id }, { showErrorToast: false }) : [];
      // A page shows what the team published, never someone's personal notes.
      return { revision: detail.revision, calibration: detail.calibration, markups: markups.filter((markup) => markup.visibility === 'published') };
    };
    find().then(
      (shown) => current && setState(shown ? { status: 'ready', shown } : { status: 'missing', error: '' }),
      (error: unknown) => {
        if (!current) return;
        const missing = error instanceof ApiError && [403, 404].includes(error.status || error.code);
        setState({ status: missing ? 'missing' : 'failed', error: error instanceof Error ? error.message : '' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, stores, workspaceCode, sheetNumber, revisionId, showMarkups]);

  const shown = state.status === 'ready' ? state.shown : null;
  // The widget has no unit picker: calibrated values read in metres.
  const texts = useMemo<ShapeTexts>(
    () => markupTexts((key, values) => t(`markups:${key}`, values), i18n.language, shown?.calibration ?? null, 'm'),
    [i18n.language, shown, t],
  );
  const source = useMemo<SheetSource | null>(() => {
    if (!shown) return null;
    const { revision } = shown;
    return { kind: revision.kind === 'pdf' ? 'pdf' : revision.kind === 'image' ? 'image' : 'dxf', url: fileUrl(revision.id, 'view'), width: revision.width, height: revision.height };
  }, [shown, fileUrl]);

  if (!revisionId && !sheetNumber) return <Empty className="drawing-widget-state" description={t('sheetViewer:widget.noSheet')} />;
  if (!revisionId && !workspaceCode) return <Empty className="drawing-widget-state" description={t('sheetViewer:widget.noWorkspace')} />;
  if (state.status === 'missing') return <Empty className="drawing-widget-state" description={t('sheetViewer:widget.notFound', { number: sheetNumber ?? '' })} />;
  if (state.status === 'failed') return <Alert type="error" showIcon role="alert" title={t('sheetViewer:picture.loadFailed')} description={state.error || undefined} />;
  if (!shown || !source) {
    return (
      <div className="drawing-widget-state" role="status" aria-live="polite">
        <Spin />
        <span>{t('sheetViewer:loading')}</span>
      </div>
    );
  }
  const { revision, markups } = shown;
  const title = t('sheetViewer:widget.sheet', { number: revision.number, title: revision.title });
  return (
    <figure className="drawing-widget" data-testid="drawing-widget">
      <SheetView
        source={source}
        panWithPrimary
        ariaLabel={title}
        minimap={false}
        overlay={(view) => (
          <svg className="drawing-widget-markups" width={view.viewSize.width} height={view.viewSize.height} aria-hidden="true">
            <g transform={`matrix(${view.matrix.join(' ')})`}>
              {markups.map((markup) => (
                <MarkupShape key={markup.id} body={markup} texts={texts} faded={markup.fromRevision != null} />
              ))}
            </g>
          </svg>
        )}
      />
      <figcaption className="drawing-widget-caption">
        <Typography.Text strong>
          <bdi>{revision.number}</bdi> · <bdi>{revision.title}</bdi>
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('sheetViewer:picture.revision', { label: revision.label })}
          {showMarkups ? ` · ${t('sheetViewer:widget.markups', { number: formatNumber(markups.length, i18n.language) })}` : ''}
          {props.caption ? ` · ${props.caption}` : ''}
        </Typography.Text>
      </figcaption>
    </figure>
  );
});

export default DrawingWidget;
