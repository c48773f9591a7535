import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Segmented, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKUP_TEXT_MAX, type MarkupLink } from '../../../../core/drawings/markup.ts';
import {
  calibrationFromDistance,
  calibrationFromScale,
  DRAWING_SCALES,
  FOOT_METRES,
  INCH_METRES,
  formatLength,
} from '../../../../core/drawings/measure.ts';
import type { FileClient } from '../../../files/file-client.ts';
import type { MarkupApi } from './markup-api.ts';
import type { MarkupStore } from './markup-store.ts';

/** Words of a text or a callout, asked for once its place is drawn. */
const TextDialog = observer(function TextDialog({ store }: { store: MarkupStore }) {
  const { t } = useTranslation('markups');
  const [text, setText] = useState('');
  const open = store.prompt?.kind === 'text' || store.prompt?.kind === 'callout';
  useEffect(() => setText(''), [open]);
  const ok = text.trim() !== '';
  return (
    <Modal
      open={open}
      title={store.prompt?.kind === 'callout' ? t('prompt.calloutTitle') : t('prompt.textTitle')}
      okText={t('prompt.add')}
      cancelText={t('prompt.cancel')}
      okButtonProps={{ disabled: !ok }}
      onOk={() => ok && store.answerPrompt({ text: text.replace(/\r/g, '') })}
      onCancel={() => store.closePrompt()}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        value={text}
        maxLength={MARKUP_TEXT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        aria-label={t('prompt.text')}
        onChange={(event) => setText(event.target.value)}
        data-testid="markup-text-input"
        dir="auto"
      />
    </Modal>
  );
});

type Option = { value: number; label: string };

/** Where a link leads: a sheet of this workspace's register, or a document of its library. */
const LinkDialog = observer(function LinkDialog({ store, api, workspaceCode }: { store: MarkupStore; api: MarkupApi; workspaceCode: string | null }) {
  const { t } = useTranslation('markups');
  const open = store.prompt?.kind === 'link';
  const [target, setTarget] = useState<'sheet' | 'document'>('sheet');
  const [options, setOptions] = useState<Option[]>([]);
  const [chosen, setChosen] = useState<Option | null>(null);
  const [label, setLabel] = useState('');
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const search = async (keyword: string) => {
    if (!workspaceCode) return;
    const ticket = ++asked.current;
    setLoading(true);
    try {
      const found =
        target === 'sheet'
          ? (await api.findSheets(workspaceCode, keyword)).rows.map((row) => ({ value: row.id, label: `${row.number} · ${row.title}` }))
          : (await api.findDocuments(workspaceCode, keyword)).files.map((file) => ({ value: file.id, label: file.name }));
      if (ticket === asked.current) setOptions(found);
    } catch {
      if (ticket === asked.current) setOptions([]);
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  };
  useEffect(() => {
    setChosen(null);
    setOptions([]);
    if (open) void search('');
  }, [open, target]);
  useEffect(() => setLabel(''), [open]);
  const link: MarkupLink | null = chosen ? (target === 'sheet' ? { sheetId: chosen.value } : { documentId: chosen.value }) : null;
  return (
    <Modal
      open={open}
      title={t('prompt.linkTitle')}
      okText={t('prompt.add')}
      cancelText={t('prompt.cancel')}
      okButtonProps={{ disabled: !link }}
      onOk={() => link && store.answerPrompt({ link, text: (label.trim() || chosen!.label).slice(0, MARKUP_TEXT_MAX) })}
      onCancel={() => store.closePrompt()}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('prompt.linkTo')}>
          <Segmented
            value={target}
            onChange={setTarget}
            options={[
              { value: 'sheet', label: t('prompt.linkSheet') },
              { value: 'document', label: t('prompt.linkDocument') },
            ]}
          />
        </Form.Item>
        <Form.Item label={target === 'sheet' ? t('prompt.linkSheet') : t('prompt.linkDocument')}>
          <Select<number>
            showSearch
            filterOption={false}
            loading={loading}
            value={chosen?.value}
            options={options}
            onSearch={(keyword) => void search(keyword)}
            onChange={(value) => setChosen(options.find((option) => option.value === value) ?? null)}
            notFoundContent={loading ? t('loading') : t('prompt.nothingFound')}
            placeholder={t('prompt.search')}
            data-testid="markup-link-target"
          />
        </Form.Item>
        <Form.Item label={t('prompt.linkLabel')}>
          <Input value={label} maxLength={200} onChange={(event) => setLabel(event.target.value)} placeholder={chosen?.label} dir="auto" />
        </Form.Item>
      </Form>
    </Modal>
  );
});

/** A photo pinned where the person clicked: chosen from their files, uploaded with the file client. */
const PhotoDialog = observer(function PhotoDialog({ store, files }: { store: MarkupStore; files: FileClient }) {
  const { t } = useTranslation('markups');
  const open = store.prompt?.kind === 'photo';
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setBusy(null);
    setFailed(false);
  }, [open]);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setFailed(false);
    setBusy(0);
    try {
      const info = await files.uploadFile(file, { kind: 'image', accept: ['jpg', 'jpeg', 'png'], showErrorToast: false, onProgress: setBusy });
      store.answerPrompt({ photoFileId: info.fileId });
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal open={open} title={t('prompt.photoTitle')} footer={null} onCancel={() => store.closePrompt()} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('prompt.photoHint')}</Typography.Text>
        <input
          ref={picker}
          type="file"
          accept=".jpg,.jpeg,.png"
          hidden
          data-testid="markup-photo-input"
          onChange={(event) => void send(event.target.files?.[0])}
        />
        <Button type="primary" icon={<UploadOutlined />} loading={busy !== null} onClick={() => picker.current?.click()}>
          {busy !== null ? t('prompt.uploading', { percent: busy }) : t('prompt.choosePhoto')}
        </Button>
        {failed && <Alert type="error" showIcon message={t('prompt.photoFailed')} />}
      </Space>
    </Modal>
  );
});

const DISTANCE_UNITS = { m: 1, mm: 0.001, ft: FOOT_METRES, in: INCH_METRES } as const;
type DistanceUnit = keyof typeof DISTANCE_UNITS;

/**
 * Calibration: choose the sheet's scale (PDF sheets: a point is 1/72 inch of paper), or draw
 * a line over a known distance and give its length. `open` shows the choice; a drawn line
 * (the prompt) asks for its length.
 */
export const CalibrateDialog = observer(function CalibrateDialog({ store, open, onClose }: { store: MarkupStore; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('markups');
  const drawn = store.prompt?.kind === 'calibrate' ? store.prompt.points : null;
  const isPdf = store.detail?.revision.kind === 'pdf';
  const current = store.calibration;
  const [scale, setScale] = useState<number | null>(null);
  const [length, setLength] = useState<number | null>(null);
  const [unit, setUnit] = useState<DistanceUnit>('m');
  useEffect(() => {
    const match = current?.scale ? /^1:(\d+(?:\.\d+)?)$/.exec(current.scale) : null;
    setScale(match ? Number(match[1]) : null);
    setLength(null);
  }, [open, drawn, current]);

  if (drawn) {
    const ok = length !== null && length > 0;
    return (
      <Modal
        open
        title={t('calibrate.distanceTitle')}
        okText={t('calibrate.apply')}
        cancelText={t('prompt.cancel')}
        okButtonProps={{ disabled: !ok, id: 'calibrate-apply' }}
        onOk={() => {
          if (!ok) return;
          const calibration = calibrationFromDistance(drawn[0]!, drawn[1]!, length * DISTANCE_UNITS[unit]);
          void store.calibrate(calibration).then((done) => {
            if (!done) return;
            store.closePrompt();
            store.setTool('measureLength');
          });
        }}
        onCancel={() => store.closePrompt()}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('calibrate.knownLength')}>
            <Space.Compact>
              <InputNumber<number> autoFocus min={0} value={length} onChange={setLength} aria-label={t('calibrate.knownLength')} data-testid="calibrate-length" />
              <Select<DistanceUnit>
                value={unit}
                onChange={setUnit}
                aria-label={t('unit.label')}
                options={(Object.keys(DISTANCE_UNITS) as DistanceUnit[]).map((value) => ({ value, label: t(`calibrate.unit.${value}`) }))}
                popupMatchSelectWidth={false}
              />
            </Space.Compact>
          </Form.Item>
        </Form>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('calibrate.title')}
      okText={t('calibrate.apply')}
      cancelText={t('prompt.cancel')}
      okButtonProps={{ disabled: scale === null, id: 'calibrate-apply' }}
      onOk={() => {
        if (scale === null) return;
        void store.calibrate(calibrationFromScale(scale)).then((done) => {
          if (!done) return;
          onClose();
          store.setTool('measureLength');
        });
      }}
      onCancel={() => {
        onClose();
        if (store.tool === 'calibrate' && !store.draft) store.setTool('select');
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {current === null
            ? t('calibration.none')
            : current.source === 'scale'
              ? t('calibration.scale', { scale: current.scale })
              : t('calibration.distance')}
        </Typography.Text>
        {isPdf ? (
          <Form layout="vertical">
            <Form.Item label={t('calibrate.chooseScale')}>
              <Select<number>
                value={scale ?? undefined}
                onChange={setScale}
                placeholder={t('calibrate.scalePlaceholder')}
                options={DRAWING_SCALES.map((value) => ({ value, label: `1:${value}` }))}
                data-testid="calibrate-scale"
                aria-label={t('calibrate.chooseScale')}
              />
            </Form.Item>
            {scale !== null && (
              <Typography.Text type="secondary">
                {t('calibrate.scaleExample', { length: formatLength(0.01 * scale, 'm', i18n.language) })}
              </Typography.Text>
            )}
          </Form>
        ) : (
          <Alert type="info" showIcon message={t('calibrate.noScale')} />
        )}
        <Button
          onClick={() => {
            onClose();
            store.setTool('calibrate');
          }}
          data-testid="calibrate-draw"
        >
          {t('calibrate.drawDistance')}
        </Button>
        {current !== null && (
          <Button
            danger
            type="link"
            onClick={() => void store.calibrate(null).then((done) => done && onClose())}
          >
            {t('calibrate.clear')}
          </Button>
        )}
      </Space>
    </Modal>
  );
});

/** Every question the canvas asks while drawing. */
export function MarkupDialogs(props: { store: MarkupStore; api: MarkupApi; files: FileClient; workspaceCode: string | null }) {
  return (
    <>
      <TextDialog store={props.store} />
      <LinkDialog store={props.store} api={props.api} workspaceCode={props.workspaceCode} />
      <PhotoDialog store={props.store} files={props.files} />
    </>
  );
}
