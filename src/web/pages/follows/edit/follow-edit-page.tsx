import { instantText } from '../../../../core/format.ts';
import { CameraOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Card, DatePicker, Form, Input, Progress, Result, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  FOLLOW_PHOTOS_MAX,
  FOLLOW_PRIORITIES,
  followCreateBody,
  type FollowDetail,
  type FollowPerson,
  type FollowPriority,
  type FollowType,
} from '../../../../core/contracts/follows.ts';
import type { DataSourceOption, FollowTemplate } from '../../../../core/contracts/follow-settings.ts';
import type { RecordData } from '../../../../core/forms/form-design.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import type { FormRendererHandle } from '../../../forms/form-view/form-renderer.tsx';
import { useTextIn, useTextLanguage } from '../../../i18n/local-text.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { schemaRules } from '../../../ui/schema-rules.ts';
import { failureText } from '../follow-texts.tsx';
import { TemplateValues } from '../template-values.tsx';
import { takeHandedPhotos, useFollowApi } from '../use-follow-api.ts';
import { PhotoUploads } from './photo-uploads.ts';
import '../../../ui/admin.css';
import '../follows.css';

interface EditForm {
  typeId?: number;
  title: string;
  description?: string;
  priority: FollowPriority;
  assigneeIds: number[];
  reviewerId?: number | null;
  dueDate?: Dayjs | null;
  trade?: string | null;
  location?: string | null;
}

interface Choices {
  types: FollowType[];
  people: FollowPerson[];
  trades: DataSourceOption[];
  locations: DataSourceOption[];
  templates: FollowTemplate[];
  detail: FollowDetail | null;
}

/**
 * /follows/edit/:id (`new` or 0 for a new one): the follow-up's fields, photos (the camera on a
 * phone) and its type's template values, checked with the schemas the server checks. Opened
 * from "New from photo" the photo is already uploading and the type is the first one, so a
 * save is the third tap.
 */
const FollowEditPage = observer(function FollowEditPage() {
  const { t } = useTranslation('follows');
  const { id } = useParams();
  const workspace = useStores().layout.workSpace;
  const isNew = id === 'new' || id === '0' || id === undefined;
  const followId = isNew ? null : Number(id);
  if (!workspace) return <Result status="info" title={t('common.noWorkspace')} />;
  if (followId !== null && (!Number.isInteger(followId) || followId < 1)) return <Result status="404" title={t('detail.notFound')} />;
  return <Edit key={`${workspace.code}:${id}`} followId={followId} workspaceCode={workspace.code} />;
});

export default FollowEditPage;

const Edit = observer(function Edit({ followId, workspaceCode }: { followId: number | null; workspaceCode: string }) {
  const { t } = useTranslation('follows');
  const env = useFollowApi();
  const [choices, setChoices] = useState<Choices | null>(null);
  const [error, setError] = useState('');
  const load = () => {
    setError('');
    const optional = <T,>(promise: Promise<T[]>) => promise.catch(() => [] as T[]);
    void Promise.all([
      env.api.types(workspaceCode),
      env.api.people(workspaceCode),
      optional(env.api.options(workspaceCode, 'trade')),
      optional(env.api.options(workspaceCode, 'location')),
      optional(env.api.templates(workspaceCode)),
      followId ? env.api.get(followId) : Promise.resolve(null),
    ]).then(
      ([types, people, trades, locations, templates, detail]) => setChoices({ types, people, trades, locations, templates, detail }),
      (failure: unknown) => setError(failureText(t, failure)),
    );
  };
  useEffect(load, [env, workspaceCode, followId]);

  if (error) return <Result status="error" title={t('common.loadFailed')} subTitle={error} extra={<Button onClick={load}>{t('common.retry')}</Button>} />;
  if (!choices) return <Spin className="admin-state" />;
  if (choices.detail && !choices.detail.canEdit) return <Result status="403" title={t('detail.edit.noRight')} extra={<Link to={`/follows/detail/${choices.detail.id}`}>{t('detail.edit.backToDetail')}</Link>} />;
  return <EditForm workspaceCode={workspaceCode} choices={choices} />;
});

const EditForm = observer(function EditForm({ workspaceCode, choices }: { workspaceCode: string; choices: Choices }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const textIn = useTextIn();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const env = useFollowApi();
  const files = useFileClient();
  const [form] = Form.useForm<EditForm>();
  const detail = choices.detail;
  const camera = useRef<HTMLInputElement>(null);
  const template = useRef<FormRendererHandle>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const [photos] = useState(
    () =>
      new PhotoUploads({
        upload: (file, onProgress) => files.uploadFile(file, { kind: 'image', onProgress, showErrorToast: false }),
        describe: (failure) => failureText(t, failure),
      }),
  );
  const activeTypes = choices.types.filter((type) => !type.retired || type.id === detail?.typeId);
  const typeId = Form.useWatch('typeId', form) ?? detail?.typeId ?? activeTypes[0]?.id;
  const [values, setValues] = useState<RecordData>((detail?.template?.values ?? {}) as RecordData);

  useEffect(() => {
    const handed = takeHandedPhotos();
    if (handed.length) photos.add(handed);
    return () => photos.clear();
  }, [photos]);

  // The template a follow-up keeps is the version it was made with; a new one (or one given another type) fills the type's current one.
  const templateOf = (): { formId: number; version: number } | null => {
    if (detail?.template && detail.typeId === typeId) return { formId: detail.template.formId, version: detail.template.version };
    const current = choices.templates.find((each) => each.typeId === typeId);
    return current?.currentVersion ? { formId: current.formId, version: current.currentVersion } : null;
  };
  const shownTemplate = templateOf();

  const fromPhoto = search.get('from') === 'photo';
  const initial: EditForm = detail
    ? {
        typeId: detail.typeId,
        title: detail.title,
        description: detail.description,
        priority: detail.priority,
        assigneeIds: detail.assignees.map((person) => person.id),
        reviewerId: detail.reviewer?.id ?? null,
        dueDate: detail.dueDate ? dayjs(detail.dueDate) : null,
        trade: detail.trade,
        location: detail.location,
      }
    : {
        typeId: activeTypes[0]?.id,
        title: fromPhoto ? t('phone.photoTitle', { time: instantText(new Date().toISOString(), lng) }) : '',
        priority: 'normal',
        assigneeIds: [],
      };

  const save = async (fields: EditForm) => {
    setProblem('');
    if (photos.busy) return setProblem(t('detail.edit.photosUploading'));
    let templateValues: RecordData | undefined;
    if (shownTemplate) {
      const checked = template.current?.checkedData();
      if (!checked) return setProblem(t('detail.edit.templateInvalid'));
      templateValues = checked;
    }
    const common = {
      title: fields.title.trim(),
      description: fields.description ?? '',
      priority: fields.priority,
      assigneeIds: fields.assigneeIds ?? [],
      dueDate: fields.dueDate ? fields.dueDate.format('YYYY-MM-DD') : null,
      trade: fields.trade || null,
      location: fields.location?.trim() || null,
      ...(templateValues ? { templateValues } : {}),
    };
    setSaving(true);
    try {
      let saved: FollowDetail;
      if (detail) {
        saved = await env.api.update({ id: detail.id, revision: detail.revision, typeId: fields.typeId, reviewerId: fields.reviewerId ?? null, ...common });
        if (photos.fileIds.length) await env.api.addPhotos(detail.id, photos.fileIds);
      } else {
        saved = await env.api.create({
          workspaceCode,
          typeId: fields.typeId!,
          ...(fields.reviewerId !== undefined ? { reviewerId: fields.reviewerId } : {}),
          ...common,
          pin: null,
          photoFileIds: photos.fileIds,
        });
      }
      photos.clear();
      void message.success(t('detail.edit.saved', { number: saved.number }));
      void navigate(`/follows/detail/${saved.id}`);
    } catch (failure) {
      setProblem(failureText(t, failure));
      // A stale save: the form keeps what was typed; the message names who saved since.
      if (failure instanceof ApiError && failure.status === 409) window.scrollTo({ top: 0 });
    } finally {
      setSaving(false);
    }
  };

  const people = choices.people.map((person) => ({ value: person.id, label: person.name }));
  return (
    <div className="admin-page follow-page follow-edit-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{detail ? t('detail.edit.titleEdit', { number: detail.number }) : t('detail.edit.titleNew')}</Typography.Title>
      </div>
      {problem && <Alert type="error" showIcon role="alert" title={problem} className="admin-block" data-testid="follow-edit-problem" />}
      <Card size="small">
        <Form<EditForm> form={form} layout="vertical" initialValues={initial} onFinish={(fields) => void save(fields)} className="follow-edit-form" data-testid="follow-edit-form">
          <Form.Item name="typeId" label={t('common.type')} rules={[{ required: true, message: t('detail.edit.typeRequired') }]}>
            <Select
              options={activeTypes.map((type) => ({ value: type.id, label: textIn(type.name), disabled: type.retired }))}
              disabled={!!detail && !!detail.template}
              data-testid="follow-edit-type"
            />
          </Form.Item>
          <Form.Item name="title" label={t('common.title')} rules={schemaRules(t, followCreateBody, 'title', t('detail.edit.titleInvalid'))}>
            <Input dir="auto" maxLength={followCreateBody.properties.title.maxLength} data-testid="follow-edit-title" />
          </Form.Item>
          <Form.Item name="description" label={t('common.description')} rules={schemaRules(t, followCreateBody, 'description')}>
            <Input.TextArea dir="auto" autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
          <Space wrap size="middle" align="start">
            <Form.Item name="priority" label={t('common.priority')}>
              <Select className="follow-bulk-select" options={FOLLOW_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))} />
            </Form.Item>
            <Form.Item name="dueDate" label={t('common.due')}>
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.Item name="assigneeIds" label={t('common.assignees')}>
            <Select mode="multiple" allowClear optionFilterProp="label" options={people} maxCount={20} data-testid="follow-edit-assignees" />
          </Form.Item>
          <Form.Item name="reviewerId" label={t('common.reviewer')} extra={detail ? undefined : t('detail.edit.reviewerDefault')}>
            <Select allowClear optionFilterProp="label" showSearch options={people} />
          </Form.Item>
          <Space wrap size="middle" align="start" className="follow-wide">
            <Form.Item name="trade" label={t('common.trade')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                className="follow-bulk-select"
                options={choices.trades.map((option) => ({ value: option.code, label: textIn(option.label) }))}
              />
            </Form.Item>
            <Form.Item name="location" label={t('common.location')} rules={schemaRules(t, followCreateBody, 'location')}>
              <AutoComplete
                allowClear
                className="follow-bulk-select"
                options={choices.locations.map((option) => {
                  const label = [...option.path, option.label].map(textIn).join(' › ');
                  return { value: label, label };
                })}
                filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
              />
            </Form.Item>
          </Space>
          <Form.Item label={t('detail.edit.photos')}>
            <PhotoList photos={photos} detail={detail} />
            <Button icon={<CameraOutlined />} onClick={() => camera.current?.click()} disabled={photos.items.length + (detail?.photos.length ?? 0) >= FOLLOW_PHOTOS_MAX} data-testid="follow-edit-add-photo">
              {t('detail.edit.addPhoto')}
            </Button>
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              style={{ display: 'none' }}
              data-testid="follow-edit-photo-input"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                photos.add(chosen);
              }}
            />
          </Form.Item>
          {shownTemplate && (
            <Form.Item label={t('detail.template')}>
              <TemplateValues formId={shownTemplate.formId} version={shownTemplate.version} value={values} onChange={setValues} handle={template} />
            </Form.Item>
          )}
          <div className="follow-edit-actions">
            <Button type="primary" htmlType="submit" loading={saving} disabled={photos.busy} data-testid="follow-edit-save">
              {t('common.save')}
            </Button>
            <Button onClick={() => void navigate(detail ? `/follows/detail/${detail.id}` : '/follows')}>{t('common.cancel')}</Button>
          </div>
        </Form>
      </Card>
    </div>
  );
});

/** The photos chosen here, each with its progress, and a retry once the connection gave up. */
const PhotoList = observer(function PhotoList({ photos, detail }: { photos: PhotoUploads; detail: FollowDetail | null }) {
  const { t } = useTranslation('follows');
  const env = useFollowApi();
  if (!photos.items.length && !detail?.photos.length) return null;
  return (
    <div className="follow-edit-photos" data-testid="follow-edit-photos">
      {detail?.photos.map((photo) => (
        <div key={`saved-${photo.id}`} className="follow-edit-photo">
          <img src={env.photoUrl(photo.id, 'thumbnail')} alt={photo.fileName} />
        </div>
      ))}
      {photos.items.map((item) => (
        <div key={item.key} className="follow-edit-photo" data-state={item.state} data-testid="follow-edit-photo">
          <img src={item.preview} alt={item.file.name} />
          {item.state !== 'done' && (
            <Progress
              percent={item.percent}
              size="small"
              status={item.state === 'failed' ? 'exception' : 'active'}
              aria-label={t('detail.edit.uploading', { name: item.file.name })}
            />
          )}
          {item.state === 'retrying' && <Typography.Text type="warning">{t('phone.retrying', { attempt: item.attempt })}</Typography.Text>}
          {item.state === 'failed' && (
            <Button size="small" icon={<ReloadOutlined />} onClick={() => photos.retry(item.key)} title={item.error} data-testid="follow-photo-retry">
              {t('common.retry')}
            </Button>
          )}
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('detail.edit.removePhoto', { name: item.file.name })} onClick={() => photos.remove(item.key)} />
        </div>
      ))}
    </div>
  );
});
