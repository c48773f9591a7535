import { DownloadOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DOC_PREFIX, type DocVersion } from '../../../../core/contracts/documents.ts';
import type { RevisionRow } from '../../../../core/contracts/drawings.ts';
import type { DxfLayerInfo } from '../../../../core/drawings/dxf/display-list.ts';
import { ApiError } from '../../../api/api-error.ts';
import { docFileUrl } from '../../../api/doc-endpoints.ts';
import { apiBaseUrl } from '../../../api/request.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { RevisionStatus } from '../shared/revision-status.tsx';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { LayerPanel } from './layer-panel.tsx';
import { pictureKindOf, type PictureKind } from './picture-kind.ts';
import { SheetCompare } from './sheet-compare.tsx';
import { SheetView, type SheetSource } from '../../../drawing-kit/sheet-view.tsx';
import './picture-page.css';

/** What /picture shows: a sheet revision or a file, with where to download it. */
type Picture = {
  name: string;
  kind: PictureKind;
  /** What the viewer draws (a DWG revision's converted DXF); null when nothing can be drawn. */
  source: SheetSource | null;
  download: string;
  revision: RevisionRow | null;
};

type Target = { revisionId: number } | { fileId: string } | { documentId: number } | null;

const idOf = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** The file named by the query; with `prefix` 'compare', the one to compare it with. */
function targetOf(params: URLSearchParams, prefix = ''): Target {
  const name = (key: string) => (prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key);
  const revisionId = idOf(params.get(name('revisionId')));
  if (revisionId) return { revisionId };
  const documentId = idOf(params.get(name('documentId')));
  if (documentId) return { documentId };
  const fileId = params.get(name('fileId'));
  return fileId && /^[\w-]{1,128}$/.test(fileId) ? { fileId } : null;
}

/**
 * /picture: any drawing file a person opens, from the register (`?revisionId=`), a document
 * (`?documentId=`) or an attachment or other file-store file (`?fileId=`). PDFs, images and
 * DXF are drawn; a DWG shows its converted DXF when its revision has one, else says so and
 * offers the file. The server decides who may read what: a file not theirs is "not there".
 * With `compareRevisionId` (or `compareFileId`, `compareDocumentId`) the two are compared, the
 * named one as the older.
 */
export default function PicturePage() {
  const { t, i18n } = useTranslation('sheetViewer');
  const [params] = useSearchParams();
  const stores = useStores();
  const { api, fileUrl } = useDrawingApi();
  const files = useFileClient();
  const key = JSON.stringify(targetOf(params));
  const compareKey = JSON.stringify(targetOf(params, 'compare'));
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'notFound' | 'failed'; picture: Picture | null; older: Picture | null; error: string }>({
    status: 'loading',
    picture: null,
    older: null,
    error: '',
  });
  const [attempt, setAttempt] = useState(0);
  const [layers, setLayers] = useState<DxfLayerInfo[]>([]);
  const [hidden, setHidden] = useState<string[] | null>(null);
  const [layersOpen, setLayersOpen] = useState(false);

  const load = useCallback(async (chosen: Target): Promise<Picture> => {
    if (!chosen) throw new Error('no target');
    const token = stores.user.token || null;
    if ('revisionId' in chosen) {
      const { revision } = await api.revision(chosen.revisionId);
      const download = fileUrl(revision.id, 'source');
      // A DWG is drawn from the DXF made of it; any other kind from its own file.
      const kind: PictureKind = revision.kind;
      const drawn = kind === 'dwg' ? 'dxf' : kind;
      return { name: revision.fileName, kind, source: { kind: drawn, url: fileUrl(revision.id, 'view'), width: revision.width, height: revision.height }, download, revision };
    }
    if ('documentId' in chosen) {
      const versions = await stores.api.http.get<DocVersion[]>(`${DOC_PREFIX}/file/versions`, { id: chosen.documentId }, { showErrorToast: false });
      const current = versions.find((version) => version.current) ?? versions[0];
      if (!current) throw new ApiError('no version', 'http', 404, 404);
      const url = docFileUrl(apiBaseUrl(), token, chosen.documentId, {});
      const kind = pictureKindOf(current.name);
      return { name: current.name, kind, source: kind === 'dwg' || kind === 'other' ? null : { kind, url, width: 0, height: 0 }, download: url, revision: null };
    }
    const [info] = await files.fileInfo([chosen.fileId]);
    if (!info) throw new ApiError('no file', 'http', 404, 404);
    const query = new URLSearchParams();
    if (token) query.set('token', token);
    const url = `${apiBaseUrl()}${info.url.replace(/^\/api/, '')}${info.url.includes('?') ? '&' : '?'}${query}`;
    const kind = pictureKindOf(info.name);
    return { name: info.name, kind, source: kind === 'dwg' || kind === 'other' ? null : { kind, url, width: 0, height: 0 }, download: url, revision: null };
  }, [api, fileUrl, files, stores]);

  useEffect(() => {
    if (key === 'null') return;
    let current = true;
    setState({ status: 'loading', picture: null, older: null, error: '' });
    setLayers([]);
    setHidden(null);
    const compared = JSON.parse(compareKey) as Target;
    Promise.all([load(JSON.parse(key) as Target), compared ? load(compared) : null]).then(
      ([picture, older]) => current && setState({ status: 'ready', picture, older, error: '' }),
      (error: unknown) => {
        if (!current) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 403 || error.code === 404 || error.code === 403);
        setState({ status: missing ? 'notFound' : 'failed', picture: null, older: null, error: error instanceof Error ? error.message : '' });
      },
    );
    return () => {
      current = false;
    };
  }, [key, compareKey, load, attempt]);

  if (key === 'null') return <Empty className="picture-empty" description={t('picture.missing')} />;
  if (state.status === 'notFound') return <Result status="404" title={t('picture.notFound')} />;
  if (state.status === 'failed') {
    return (
      <Result
        status="error"
        title={t('picture.loadFailed')}
        subTitle={state.error || undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => setAttempt(attempt + 1)}>
            {t('picture.retry')}
          </Button>
        }
      />
    );
  }
  if (!state.picture) {
    return (
      <div className="picture-loading" role="status" aria-live="polite">
        <Spin />
        <span>{t('loading')}</span>
      </div>
    );
  }

  const { picture, older } = state;
  const downloadButton = (
    <Button icon={<DownloadOutlined />} href={picture.download} download={picture.name} data-testid="picture-download">
      {t('picture.download')}
    </Button>
  );
  const isDxf = picture.source?.kind === 'dxf';
  return (
    <div className="picture-page">
      <header className="picture-head">
        <PictureTitle picture={picture} />
        <Space wrap>
          {isDxf && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setLayersOpen(true)} disabled={layers.length === 0} aria-expanded={layersOpen} data-testid="picture-layers">
              {t('layers.open')}
            </Button>
          )}
          {downloadButton}
        </Space>
      </header>
      {picture.source && older?.source ? (
        <div className="picture-sheet">
          <SheetCompare
            older={{ source: older.source, label: older.revision?.label ?? older.name }}
            newer={{ source: picture.source, label: picture.revision?.label ?? picture.name }}
            number={picture.revision?.number ?? picture.name}
          />
        </div>
      ) : picture.source ? (
        <div className="picture-sheet">
          <SheetView
            source={picture.source}
            panWithPrimary
            ariaLabel={picture.revision ? `${picture.revision.number} ${picture.revision.title}` : picture.name}
            hiddenLayers={hidden ?? undefined}
            onLayers={(read) => {
              setLayers(read);
              setHidden(read.filter((layer) => !layer.visible).map((layer) => layer.name));
            }}
            failureAction={
              picture.kind === 'dwg' ? (
                <>
                  <span>{t('picture.dwgNoView')}</span>
                  {downloadButton}
                </>
              ) : (
                downloadButton
              )
            }
          />
          <p className="picture-keys">{t('keys')}</p>
        </div>
      ) : (
        <Result status="info" title={picture.kind === 'dwg' ? t('picture.dwgNoView') : t('picture.unsupported')} extra={downloadButton} />
      )}
      <Drawer title={t('layers.title')} open={layersOpen} onClose={() => setLayersOpen(false)} size={320} placement={i18n.dir() === 'rtl' ? 'left' : 'right'}>
        <LayerPanel layers={layers} hidden={hidden ?? []} onChange={setHidden} />
      </Drawer>
    </div>
  );
}

function PictureTitle({ picture }: { picture: Picture }) {
  const { t } = useTranslation('sheetViewer');
  const { date } = useDrawingTexts();
  const revision = picture.revision;
  if (!revision) {
    return (
      <Typography.Title level={4} className="picture-title">
        <bdi>{picture.name}</bdi>
      </Typography.Title>
    );
  }
  return (
    <div className="picture-title-block">
      <Typography.Title level={4} className="picture-title">
        <bdi>{revision.number}</bdi> <bdi>{revision.title}</bdi>
      </Typography.Title>
      <Space wrap size={[8, 0]}>
        <span>{t('picture.revision', { label: revision.label })}</span>
        <RevisionStatus status={revision.status} />
        <Typography.Text type="secondary">{t('picture.uploaded', { name: revision.uploadedBy, time: date(revision.createTime) })}</Typography.Text>
      </Space>
    </div>
  );
}
