import { CameraOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Empty, Form, Input, Pagination, Select, Space, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FOLLOW_TITLE_MAX, followTitleSchema, type FollowDetail, type FollowPinRow, type FollowStatus } from '../../../../core/contracts/follows.ts';
import { STATUS_TEXTS } from '../../../../core/follows/status-flow.ts';
import { textIn } from '../../../../core/local-text.ts';
import type { FileClient } from '../../../files/file-client.ts';
import { filterCount } from '../../follows/follow-filter.ts';
import { FollowFilterBar } from '../../follows/follow-filters.tsx';
import { StatusTag as ListStatusTag } from '../../follows/follow-texts.tsx';
import type { FollowCanvasStore } from './follow-canvas-store.ts';
import { STATUS_COLORS } from './pin-paint.ts';

const LIST_PAGE = 25;
const TITLE_PATTERN = new RegExp(followTitleSchema.pattern);

/** A status in the reader's words (the follow-ups' own texts, else the shared status names). */
export function useStatusText(): (status: FollowStatus) => string {
  const { t, i18n } = useTranslation('follows');
  return (status) => t(`status.${status}`, { defaultValue: textIn(STATUS_TEXTS[status], i18n.language) });
}

/** A status's tag in the canvas panel: the list's tag, in the reader's words. */
export function StatusTag({ status }: { status: FollowStatus }) {
  const { t } = useTranslation('follows');
  return <ListStatusTag status={status} t={t} />;
}

/** A date as the reader writes it. */
export function dayText(date: string | null, language: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/**
 * The side of /drawing/follow: the pins' filters and list, a new follow-up's form after a pin is
 * dropped, or the follow-up a pin opened.
 */
export const FollowPanel = observer(function FollowPanel({ store, files, onFocusPin }: { store: FollowCanvasStore; files: FileClient; onFocusPin: (id: number) => void }) {
  if (store.draft) return <CreateForm store={store} files={files} />;
  if (store.selectedId !== null) return <FollowSummary store={store} />;
  return (
    <div className="follow-panel-list">
      <FollowFilterBar filter={store.filter} choices={{ types: store.types, people: store.people, trades: store.trades }} onChange={(filter) => store.setFilter(filter)} />
      <PinList store={store} onFocusPin={onFocusPin} />
    </div>
  );
});

/** The pins of the sheet as a list: what the keyboard and a screen reader use on a crowded sheet. */
const PinList = observer(function PinList({ store, onFocusPin }: { store: FollowCanvasStore; onFocusPin: (id: number) => void }) {
  const { t, i18n } = useTranslation('follows');
  const [page, setPage] = useState(1);
  const pins = store.pins;
  const last = Math.max(1, Math.ceil(pins.length / LIST_PAGE));
  const shown = pins.slice((Math.min(page, last) - 1) * LIST_PAGE, Math.min(page, last) * LIST_PAGE);
  if (store.pinsStatus === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('canvas.pinsFailed')}
        action={
          <Button size="small" onClick={() => void store.loadPins()}>
            {t('canvas.retry')}
          </Button>
        }
      />
    );
  }
  if (store.pinsStatus === 'loading' && pins.length === 0) return <Spin className="follow-panel-spin" />;
  if (pins.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filterCount(store.filter) > 0 ? t('canvas.noPinsFiltered') : store.canCreate ? t('canvas.noPinsCreate') : t('canvas.noPins')} />;
  }
  return (
    <section className="follow-pin-list" aria-label={t('canvas.pinList')}>
      <Typography.Text type="secondary" role="status" data-testid="follow-pin-count">
        {t('canvas.pinCount', { count: pins.length, formatted: new Intl.NumberFormat(i18n.language).format(pins.length) })}
      </Typography.Text>
      <ul>
        {shown.map((row) => (
          <li key={row.id}>
            <PinItem row={row} selected={row.id === store.selectedId} onOpen={() => onFocusPin(row.id)} />
          </li>
        ))}
      </ul>
      {pins.length > LIST_PAGE && <Pagination size="small" simple current={Math.min(page, last)} pageSize={LIST_PAGE} total={pins.length} onChange={setPage} />}
    </section>
  );
});

function PinItem({ row, selected, onOpen }: { row: FollowPinRow; selected: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation('follows');
  return (
    <button type="button" className="follow-pin-item" aria-pressed={selected} onClick={onOpen} data-follow-id={row.id}>
      <span className="follow-pin-dot" style={{ background: STATUS_COLORS[row.status] }} aria-hidden="true" />
      <span className="follow-pin-item-text">
        <span className="follow-number" dir="ltr">
          {row.number}
        </span>{' '}
        <span dir="auto">{row.title}</span>
        <span className="follow-pin-item-meta">
          <StatusTag status={row.status} />
          <span style={{ color: row.color }}>{textIn(row.typeName, i18n.language)}</span>
          {row.dueState === 'overdue' && <Tag color="red">{t('canvas.overdue')}</Tag>}
          {row.fromRevision && <span>{t('canvas.fromRevision', { label: row.fromRevision })}</span>}
        </span>
      </span>
    </button>
  );
}

interface CreateValues {
  typeId: number;
  title: string;
  assigneeIds: number[];
  dueDate: Dayjs | null;
}

/** The new follow-up at the dropped pin: type, title, assignees, due date and photos. */
const CreateForm = observer(function CreateForm({ store, files }: { store: FollowCanvasStore; files: FileClient }) {
  const { t, i18n } = useTranslation('follows');
  const [form] = Form.useForm<CreateValues>();
  const [photos, setPhotos] = useState<{ fileId: string; name: string }[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [photoFailed, setPhotoFailed] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const types = useMemo(() => store.types.filter((type) => !type.retired), [store.types]);
  const send = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    setPhotoFailed(false);
    try {
      for (const file of Array.from(chosen)) {
        setUploading(0);
        const info = await files.uploadFile(file, { kind: 'image', accept: ['jpg', 'jpeg', 'png'], showErrorToast: false, onProgress: setUploading });
        setPhotos((old) => [...old, { fileId: info.fileId, name: info.name || file.name }]);
      }
    } catch {
      setPhotoFailed(true);
    } finally {
      setUploading(null);
      if (picker.current) picker.current.value = '';
    }
  };
  const submit = async (values: CreateValues) => {
    const done = await store.createFollow({
      typeId: values.typeId,
      title: values.title,
      assigneeIds: values.assigneeIds ?? [],
      dueDate: values.dueDate ? values.dueDate.format('YYYY-MM-DD') : null,
      photoFileIds: photos.map((photo) => photo.fileId),
    });
    if (done) setPhotos([]);
  };
  return (
    <section className="follow-create" aria-labelledby="follow-create-title">
      <div className="follow-panel-head">
        <Typography.Title level={4} id="follow-create-title">
          {t('canvas.createTitle')}
        </Typography.Title>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('canvas.cancel')} onClick={() => store.cancelDraft()} />
      </div>
      {types.length === 0 ? (
        <Alert type="info" showIcon message={t('canvas.noTypes')} />
      ) : (
        <Form<CreateValues> form={form} layout="vertical" initialValues={{ typeId: types[0]!.id, assigneeIds: [], dueDate: null }} onFinish={(values) => void submit(values)} data-testid="follow-create-form">
          <Form.Item name="typeId" label={t('canvas.field.type')} rules={[{ required: true, message: t('canvas.rule.type') }]}>
            <Select options={types.map((type) => ({ value: type.id, label: textIn(type.name, i18n.language) }))} data-testid="follow-create-type" />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('canvas.field.title')}
            rules={[
              { required: true, whitespace: true, message: t('canvas.rule.title') },
              { max: FOLLOW_TITLE_MAX, message: t('canvas.rule.titleLong', { max: FOLLOW_TITLE_MAX }) },
              { pattern: TITLE_PATTERN, message: t('canvas.rule.titlePlain') },
            ]}
          >
            <Input autoFocus maxLength={FOLLOW_TITLE_MAX} data-testid="follow-create-title" />
          </Form.Item>
          <Form.Item name="assigneeIds" label={t('canvas.field.assignees')}>
            <Select mode="multiple" optionFilterProp="label" options={store.people.map((person) => ({ value: person.id, label: person.name }))} data-testid="follow-create-assignees" />
          </Form.Item>
          <Form.Item name="dueDate" label={t('canvas.field.due')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('canvas.field.photos')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {photos.map((photo) => (
                <Space key={photo.fileId} className="follow-create-photo">
                  <span dir="auto">{photo.name}</span>
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('canvas.removePhoto', { name: photo.name })}
                    onClick={() => setPhotos((old) => old.filter((each) => each.fileId !== photo.fileId))}
                  />
                </Space>
              ))}
              <input ref={picker} type="file" accept=".jpg,.jpeg,.png" multiple hidden style={{ display: 'none' }} data-testid="follow-create-photo-input" onChange={(event) => void send(event.target.files)} />
              <Button icon={<CameraOutlined />} loading={uploading !== null} onClick={() => picker.current?.click()}>
                {uploading !== null ? t('canvas.uploading', { percent: uploading }) : t('canvas.addPhoto')}
              </Button>
              {photoFailed && <Alert type="error" showIcon message={t('canvas.photoFailed')} />}
            </Space>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={store.saving} disabled={uploading !== null} data-testid="follow-create-save">
              {t('canvas.create')}
            </Button>
            <Button onClick={() => store.cancelDraft()}>{t('canvas.cancel')}</Button>
          </Space>
        </Form>
      )}
    </section>
  );
});

/** The follow-up a pin opened: what it is, its status moves, and the way to its whole page. */
const FollowSummary = observer(function FollowSummary({ store }: { store: FollowCanvasStore }) {
  const { t } = useTranslation('follows');
  const detail = store.detail;
  const head = (
    <div className="follow-panel-head">
      <Typography.Title level={4} id="follow-summary-title" className="follow-summary-title">
        {detail ? (
          <>
            <span className="follow-number-line">
              <bdi className="follow-number" dir="ltr">
                {detail.number}
              </bdi>
            </span>
            <span dir="auto">{detail.title}</span>
          </>
        ) : (
          t('canvas.followTitle')
        )}
      </Typography.Title>
      <Button type="text" icon={<CloseOutlined />} aria-label={t('canvas.closeFollow')} onClick={() => store.closeFollow()} data-testid="follow-summary-close" />
    </div>
  );
  if (store.detailStatus === 'failed') {
    return (
      <section className="follow-summary">
        {head}
        <Alert
          type="warning"
          showIcon
          message={t('canvas.followFailed')}
          action={
            <Button size="small" onClick={() => void store.openFollow(store.selectedId!)}>
              {t('canvas.retry')}
            </Button>
          }
        />
      </section>
    );
  }
  if (!detail) {
    return (
      <section className="follow-summary">
        {head}
        <Spin className="follow-panel-spin" />
      </section>
    );
  }
  return (
    <section className="follow-summary" aria-labelledby="follow-summary-title" data-testid="follow-summary" data-follow-id={detail.id}>
      {head}
      <SummaryFacts detail={detail} />
      {detail.moves.length > 0 && (
        <div className="follow-moves" role="group" aria-label={t('canvas.moves')}>
          {detail.moves.map((move) => (
            <Button key={move} loading={store.saving} onClick={() => void store.makeMove(move)} data-testid={`follow-move-${move}`}>
              {t(`canvas.move.${move}`)}
            </Button>
          ))}
        </div>
      )}
      {store.canMove(detail.id) && <Typography.Text type="secondary">{t('canvas.dragHint')}</Typography.Text>}
      <Link to={`/follows/detail/${detail.id}`} data-testid="follow-summary-open">
        {t('canvas.openFollow')}
      </Link>
    </section>
  );
});

/** Names as the reader's language lists them, each isolated so a Latin name reads whole in Arabic. */
function NameList({ names, language }: { names: string[]; language: string }) {
  const parts = new Intl.ListFormat(language, { type: 'unit' }).formatToParts(names);
  return <>{parts.map((part, i) => (part.type === 'element' ? <bdi key={i}>{part.value}</bdi> : part.value))}</>;
}

function SummaryFacts({ detail }: { detail: FollowDetail }) {
  const { t, i18n } = useTranslation('follows');
  const language = i18n.language;
  return (
    <dl className="follow-facts">
      <dt>{t('canvas.field.status')}</dt>
      <dd>
        <StatusTag status={detail.status} />
        {detail.dueState === 'overdue' && <Tag color="red">{t('canvas.overdue')}</Tag>}
      </dd>
      <dt>{t('canvas.field.type')}</dt>
      <dd style={{ color: detail.typeColor }}>{textIn(detail.typeName, language)}</dd>
      <dt>{t('canvas.field.assignees')}</dt>
      <dd>{detail.assignees.length > 0 ? <NameList names={detail.assignees.map((person) => person.name)} language={language} /> : t('canvas.unassigned')}</dd>
      {detail.reviewer && (
        <>
          <dt>{t('canvas.field.reviewer')}</dt>
          <dd>{detail.reviewer.name}</dd>
        </>
      )}
      <dt>{t('canvas.field.due')}</dt>
      <dd>{detail.dueDate ? dayText(detail.dueDate, language) : t('canvas.noDue')}</dd>
      {detail.pin && (
        <>
          <dt>{t('canvas.field.pin')}</dt>
          <dd>
            <bdi dir="ltr">{detail.pin.sheetNumber}</bdi> · <bdi>{t('canvas.revision', { label: detail.pin.revisionLabel })}</bdi>
          </dd>
        </>
      )}
      <dt>{t('canvas.field.photos')}</dt>
      <dd>{new Intl.NumberFormat(language).format(detail.photos.length)}</dd>
      <dt>{t('canvas.field.createdBy')}</dt>
      <dd>
        <bdi>{detail.createdBy.name}</bdi> · <bdi>{dayText(detail.createTime, language)}</bdi>
      </dd>
    </dl>
  );
}
