import { instantText } from '../../../../core/format.ts';
import { EditOutlined, EyeInvisibleOutlined, EyeOutlined, DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Empty, Image, Mentions, Result, Space, Spin, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { FollowComment, FollowDetail, FollowMove, HistoryEntry } from '../../../../core/contracts/follows.ts';
import type { RevisionDetail } from '../../../../core/contracts/drawings.ts';
import { snippetWindow, SNIPPET_ASPECT } from '../../../../core/follows/snippet.ts';
import { FOLLOW_STATUS_COLORS } from '../../../../core/follows/status-colors.ts';
import { MOVES } from '../../../../core/follows/status-flow.ts';
import type { LocalText } from '../../../../core/local-text.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { useTextIn, useTextLanguage } from '../../../i18n/local-text.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { openFollowEvents } from '../follow-api.ts';
import { DueText, failureText, namesOf, PriorityTag, StatusTag } from '../follow-texts.tsx';
import { TemplateValues } from '../template-values.tsx';
import { useFollowApi } from '../use-follow-api.ts';
import { FollowDetailStore, mentionedIn } from './follow-detail-store.ts';
import '../../../ui/admin.css';
import '../follows.css';

const MOVE_STYLE: Record<FollowMove, 'primary' | 'default'> = { start: 'primary', submit: 'primary', return: 'default', close: 'primary', reopen: 'default' };

/**
 * /follows/detail/:id: everything of one follow-up — its number, title, status and the moves
 * the caller may make now, its fields and template values, where it is pinned, photos,
 * comments with @mentions, history and watchers. Changes pushed by the server refresh it.
 */
const FollowDetailPage = observer(function FollowDetailPage() {
  const { t } = useTranslation('follows');
  const { id } = useParams();
  const workspace = useStores().layout.workSpace;
  const followId = Number(id);
  if (!workspace) return <Result status="info" title={t('common.noWorkspace')} />;
  if (!Number.isInteger(followId) || followId < 1) return <Result status="404" title={t('detail.notFound')} />;
  return <Detail key={`${workspace.code}:${followId}`} id={followId} workspaceCode={workspace.code} />;
});

export default FollowDetailPage;

const Detail = observer(function Detail({ id, workspaceCode }: { id: number; workspaceCode: string }) {
  const { t } = useTranslation('follows');
  const env = useFollowApi();
  const [store] = useState(() => new FollowDetailStore(env.api, id, workspaceCode));
  useEffect(() => {
    void store.start();
    return openFollowEvents({ ticket: env.ticket, workspaceCode, onChanges: async (events) => (events.some((event) => event.id === id) ? store.refresh() : undefined) });
  }, [store, env, id, workspaceCode]);

  return (
    <div className="admin-page follow-page follow-detail-page">
      <LoadState source={store.detail}>{(detail) => <DetailBody store={store} detail={detail} />}</LoadState>
      {store.detail.status === 'failed' && <Link to="/follows">{t('detail.backToList')}</Link>}
    </div>
  );
});

const DetailBody = observer(function DetailBody({ store, detail }: { store: FollowDetailStore; detail: FollowDetail }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const textIn = useTextIn();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, run: () => Promise<void>, done?: string) => {
    setBusy(key);
    try {
      await run();
      if (done) void message.success(done);
    } catch (failure) {
      void message.error(failureText(t, failure));
      void store.refresh();
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="follow-detail-head">
        <div className="follow-detail-title">
          <Typography.Text className="follow-number" type="secondary">
            {detail.number}
          </Typography.Text>
          <Typography.Title level={3} dir="auto" data-testid="follow-title">
            {detail.title}
          </Typography.Title>
          <StatusTag status={detail.status} t={t} />
        </div>
        <Space wrap data-testid="follow-moves">
          {detail.moves.map((move) => (
            <Button
              key={move}
              type={MOVE_STYLE[move]}
              loading={busy === move}
              onClick={() => void act(move, () => store.move(move), t('detail.moved', { status: t(`status.${moveTarget(move)}`) }))}
              data-testid={`follow-move-${move}`}
            >
              {t(`detail.move.${move}`)}
            </Button>
          ))}
          <Button
            icon={detail.watching ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            loading={busy === 'watch'}
            onClick={() => void act('watch', () => store.watch(!detail.watching))}
            data-testid="follow-watch"
          >
            {detail.watching ? t('detail.unwatch') : t('detail.watch')}
          </Button>
          {detail.canEdit && (
            <Link to={`/follows/edit/${detail.id}`}>
              <Button icon={<EditOutlined />} data-testid="follow-edit">
                {t('common.edit')}
              </Button>
            </Link>
          )}
        </Space>
      </div>
      <div className="follow-detail-grid">
        <Space direction="vertical" size="middle" className="follow-wide">
          <Card size="small" title={t('detail.fields')}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="follow-fields">
              <Descriptions.Item label={t('common.type')}>
                <span className="follow-type">
                  <span className="follow-type-dot" style={{ background: detail.typeColor }} aria-hidden />
                  {textIn(detail.typeName)}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('common.priority')}>
                <PriorityTag priority={detail.priority} t={t} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.assignees')}>
                <span data-testid="follow-assignees">{namesOf(detail.assignees) || t('common.unassigned')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('common.reviewer')}>{detail.reviewer?.name ?? t('common.none')}</Descriptions.Item>
              <Descriptions.Item label={t('common.due')}>
                <DueText date={detail.dueDate} state={detail.dueState} t={t} lng={lng} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.trade')}>
                {detail.trade ? textIn(store.trades.data?.find((option) => option.code === detail.trade)?.label ?? detail.trade) : t('common.none')}
              </Descriptions.Item>
              <Descriptions.Item label={t('common.location')}>{detail.location ?? t('common.none')}</Descriptions.Item>
              <Descriptions.Item label={t('common.createdBy')}>
                <bdi>{detail.createdBy.name}</bdi>&nbsp;·&nbsp;<bdi>{instantText(detail.createTime, lng)}</bdi>
              </Descriptions.Item>
              {detail.closedTime && <Descriptions.Item label={t('detail.closedAt')}>{instantText(detail.closedTime, lng)}</Descriptions.Item>}
            </Descriptions>
            {detail.description && (
              <Typography.Paragraph className="follow-description" dir="auto">
                {detail.description}
              </Typography.Paragraph>
            )}
          </Card>
          {detail.template && (
            <Card size="small" title={t('detail.template')}>
              <TemplateValues formId={detail.template.formId} version={detail.template.version} value={detail.template.values} readOnly />
            </Card>
          )}
          <Photos detail={detail} />
          <Comments store={store} />
        </Space>
        <Space direction="vertical" size="middle" className="follow-wide">
          <PinSnippet detail={detail} />
          <Card size="small" title={t('detail.watchers')}>
            {detail.watchers.length ? namesOf(detail.watchers) : <span className="follow-muted">{t('detail.noWatchers')}</span>}
          </Card>
          <History store={store} />
        </Space>
      </div>
    </>
  );
});

// The move names the status it ends in.
const moveTarget = (move: FollowMove) => MOVES[move].to;

/** Thumbnails; a click opens the photo whole, with the others beside it. */
function Photos({ detail }: { detail: FollowDetail }) {
  const { t } = useTranslation('follows');
  const env = useFollowApi();
  return (
    <Card size="small" title={t('detail.photos', { count: detail.photos.length })}>
      {detail.photos.length ? (
        <Image.PreviewGroup>
          <div className="follow-photos" data-testid="follow-photos">
            {detail.photos.map((photo) => (
              <Image key={photo.id} src={env.photoUrl(photo.id, 'thumbnail')} preview={{ src: env.photoUrl(photo.id, 'original') }} alt={photo.fileName} width={96} height={96} />
            ))}
          </div>
        </Image.PreviewGroup>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPhotos')} />
      )}
    </Card>
  );
}

/**
 * The part of the sheet around the pin, the pin marked on it: the window the PDF report's
 * snippet shows (snippetWindow), cropped from the sheet's thumbnail. A click opens the sheet
 * at the pin on the drawing follow-up canvas.
 */
function PinSnippet({ detail }: { detail: FollowDetail }) {
  const { t } = useTranslation('follows');
  const drawings = useDrawingApi();
  const [revision, setRevision] = useState<RevisionDetail | 'failed' | null>(null);
  // How the picture of `src` went; a new picture is loading until it says.
  const [picture, setPicture] = useState<{ src: string; loaded: boolean } | null>(null);
  const pin = detail.pin;
  useEffect(() => {
    if (!pin) return;
    let live = true;
    void drawings.api.revision(pin.revisionId).then(
      (answer) => live && setRevision(answer),
      () => live && setRevision('failed'),
    );
    return () => {
      live = false;
    };
  }, [drawings, pin]);
  if (!pin) {
    return (
      <Card size="small" title={t('detail.pin')}>
        <span className="follow-muted">{t('detail.noPin')}</span>
      </Card>
    );
  }
  const sheet = revision && revision !== 'failed' ? { width: revision.revision.width, height: revision.revision.height } : null;
  const window = sheet && sheet.width > 0 && sheet.height > 0 ? snippetWindow(sheet, pin) : null;
  const src = drawings.fileUrl(pin.revisionId, 'thumbnail');
  const state = revision === 'failed' || (revision && !window) || (picture?.src === src && !picture.loaded) ? 'failed' : window && picture?.src === src ? 'ready' : 'loading';
  // Sheet units → a share of the snippet, across and down.
  const across = (x: number) => `${(x / window!.width) * 100}%`;
  const down = (y: number) => `${(y / window!.height) * 100}%`;
  return (
    <Card size="small" title={t('detail.pin')}>
      <Link to={`/drawing/follow?sheetId=${pin.sheetId}&followId=${detail.id}`} className="follow-pin-link" data-testid="follow-pin">
        <span className="follow-pin-snippet" style={{ aspectRatio: SNIPPET_ASPECT }} data-testid="follow-pin-snippet" data-state={state}>
          {window && state !== 'failed' && (
            <img
              src={src}
              alt=""
              onLoad={() => setPicture({ src, loaded: true })}
              onError={() => setPicture({ src, loaded: false })}
              // The whole sheet, placed so the window fills the snippet (left and top: the sheet is not mirrored).
              style={{ left: across(-window.left), top: down(-window.top), width: across(sheet!.width), height: down(sheet!.height) }}
            />
          )}
          {state === 'loading' && <Spin className="follow-pin-wait" />}
          {state === 'failed' && <span className="follow-pin-failed follow-muted">{t('detail.pinPictureFailed')}</span>}
          {state === 'ready' && (
            <span className="follow-pin-mark" style={{ insetInlineStart: 'auto', left: across(pin.x - window!.left), top: down(pin.y - window!.top), background: FOLLOW_STATUS_COLORS[detail.status] }} aria-hidden />
          )}
        </span>
        <span dir="auto">
          {pin.sheetNumber} {pin.sheetTitle} · {t('detail.revision', { label: pin.revisionLabel })}
        </span>
      </Link>
    </Card>
  );
}

/** Comments, oldest first; a new one may @mention people of the workspace, who are told. */
const Comments = observer(function Comments({ store }: { store: FollowDetailStore }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const people = store.people.data ?? [];
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await store.comment(text.trim(), mentionedIn(text, people));
      setText('');
    } catch (failure) {
      void message.error(failureText(t, failure));
    } finally {
      setSending(false);
    }
  };
  const comments = store.comments.data ?? [];
  return (
    <Card size="small" title={t('detail.comments', { count: comments.length })}>
      <div data-testid="follow-comments">
        {comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} lng={lng} onDelete={() => void store.deleteComment(comment.id).catch((failure: unknown) => void message.error(failureText(t, failure)))} />
        ))}
      </div>
      <Space.Compact className="follow-wide follow-comment-new">
        <Mentions
          value={text}
          onChange={setText}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('detail.commentPlaceholder')}
          aria-label={t('detail.commentPlaceholder')}
          options={people.map((person) => ({ value: person.name, label: person.name, key: String(person.id) }))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
          }}
          data-testid="follow-comment-input"
        />
        <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} disabled={!text.trim()} data-testid="follow-comment-send">
          {t('detail.send')}
        </Button>
      </Space.Compact>
    </Card>
  );
});

function CommentItem({ comment, lng, onDelete }: { comment: FollowComment; lng: string; onDelete: () => void }) {
  const { t } = useTranslation('follows');
  const names = [...new Set(comment.mentions.map((person) => person.name))];
  // @Name of a mentioned person stands out in the text.
  const parts = names.length ? comment.text.split(new RegExp(`(${names.map((name) => `@${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).join('|')})`)) : [comment.text];
  return (
    <div className="follow-comment" data-testid="follow-comment">
      <div className="follow-comment-head">
        <Typography.Text strong>{comment.author.name}</Typography.Text>
        <Typography.Text type="secondary">{instantText(comment.createTime, lng)}</Typography.Text>
        {comment.canDelete && <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('detail.deleteComment')} onClick={onDelete} />}
      </div>
      <div className="follow-comment-text" dir="auto">
        {parts.map((part, at) => (names.some((name) => part === `@${name}`) ? <span key={at} className="follow-mention">{part}</span> : part))}
      </div>
    </div>
  );
}

/** Every change, newest first, in the reader's words. */
const History = observer(function History({ store }: { store: FollowDetailStore }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const textIn = useTextIn();
  const entries = store.history.data ?? [];
  return (
    <Card size="small" title={t('detail.history')}>
      <Timeline
        data-testid="follow-history"
        items={entries.map((entry) => ({
          key: entry.id,
          children: (
            <div>
              <div>
                <Typography.Text strong>{entry.by.name}</Typography.Text> {t(`detail.action.${entry.action}`)}
              </div>
              {historyLines(entry, t, textIn).map((line, at) => (
                <div key={at} className="follow-muted" dir="auto">
                  {line}
                </div>
              ))}
              <Typography.Text type="secondary">{instantText(entry.at, lng)}</Typography.Text>
            </div>
          ),
        }))}
      />
    </Card>
  );
});

function historyLines(entry: HistoryEntry, t: TFunction, textIn: (text: LocalText) => string): string[] {
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('common.none');
    if (typeof value === 'string' && (field === 'status' || field === 'priority')) return t(`${field}.${value}`, { defaultValue: value });
    if (Array.isArray(value)) return value.map((each) => show(field, each)).join(', ');
    if (typeof value === 'object') {
      const named = value as { name?: LocalText; sheetNumber?: string; sheetTitle?: string };
      if (named.sheetNumber !== undefined) return `${named.sheetNumber} ${named.sheetTitle ?? ''}`.trim();
      return named.name !== undefined ? textIn(named.name) : '';
    }
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  };
  const lines = entry.changes.map((change) =>
    change.field === 'templateValues'
      ? t('detail.templateChanged')
      : t('detail.change', { field: t(`detail.field.${change.field}`, { defaultValue: change.field }), from: show(change.field, change.from), to: show(change.field, change.to) }),
  );
  if (entry.note && entry.action !== 'status') lines.push(entry.note);
  return lines;
}
