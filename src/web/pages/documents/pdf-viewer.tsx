import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** pdf.js and its worker, loaded only when a PDF is first shown. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * A PDF drawn page by page with pdf.js: the file is read in ranges as pages need it (the
 * download answers byte ranges), so a large drawing set opens without loading it whole.
 */
export function PdfViewer({ url }: { url: string }) {
  const { t } = useTranslation('docs');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState('');
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    setDoc(null);
    setFailed('');
    setLoaded(0);
    setPage(1);
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const loading = pdfjs.getDocument({ url });
        task = loading;
        loading.onProgress = ({ loaded: done, total }: { loaded: number; total: number }) => {
          if (!cancelled && total) setLoaded(Math.round((100 * done) / total));
        };
        const opened = await loading.promise;
        if (!cancelled) setDoc(opened);
      } catch (error) {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    let render: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(page);
      if (cancelled || !canvas.current) return;
      const viewport = pdfPage.getViewport({ scale: ZOOMS[zoom]! * (window.devicePixelRatio || 1) });
      const target = canvas.current;
      target.width = viewport.width;
      target.height = viewport.height;
      target.style.width = `${viewport.width / (window.devicePixelRatio || 1)}px`;
      render = pdfPage.render({ canvas: target, viewport });
      await render.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page, zoom]);

  if (failed) return <Alert type="error" showIcon role="alert" title={t('preview.pdfFailed')} description={failed} />;
  if (!doc) {
    return (
      <div className="doc-preview-loading" role="status" aria-live="polite">
        <Typography.Text>{t('preview.loading')}</Typography.Text>
        <Progress percent={loaded} size="small" />
      </div>
    );
  }
  return (
    <div className="doc-pdf">
      <Space className="doc-pdf-toolbar" wrap>
        <Button icon={<LeftOutlined className="doc-flip" />} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('preview.previousPage')} />
        <Typography.Text aria-live="polite">{t('preview.pageOf', { page, pages: doc.numPages })}</Typography.Text>
        <Button icon={<RightOutlined className="doc-flip" />} disabled={page >= doc.numPages} onClick={() => setPage(page + 1)} aria-label={t('preview.nextPage')} />
        <Button icon={<ZoomOutOutlined />} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)} aria-label={t('preview.zoomOut')} />
        <Typography.Text>{Math.round(ZOOMS[zoom]! * 100)}%</Typography.Text>
        <Button icon={<ZoomInOutlined />} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} aria-label={t('preview.zoomIn')} />
      </Space>
      <div className="doc-pdf-page" dir="ltr">
        <canvas ref={canvas} data-testid="pdf-canvas" aria-label={t('preview.pageOf', { page, pages: doc.numPages })} />
      </div>
    </div>
  );
}
