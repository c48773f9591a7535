import { DesktopOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Segmented, Space, Spin, Typography } from 'antd';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDesign, FormSettings, RecordData } from '../../../core/forms/form-design.ts';
import { initialRecordData, keepDesignFields } from '../../../core/forms/record-validation.ts';
import { FormRenderer, type RenderedVersion } from '../../forms/form-view/form-renderer.tsx';
import { useToken } from '../../forms/form-view/use-form-version.ts';
import { loadFormValidator, type FormValidator } from '../../forms/validation-runtime.ts';
import { messageOf } from '../../api/error-message.ts';
import { previewValidatorUrl, type DesignerApi } from './designer-api.ts';
import type { DesignStore } from './design-store.ts';

/** How long the design must rest before it is compiled again: a label typed letter by letter compiles once. */
const PREVIEW_DELAY_MS = 300;

interface Preview {
  version: RenderedVersion;
  validator: FormValidator;
}

type Width = 'desktop' | 'phone';

/** Selects the field an element of the preview belongs to (rjsf's ids: `root_<key>`, `root_<table>_<row>_<column>`), for the properties panel. */
function selectFieldOf(store: DesignStore, element: EventTarget): void {
  const id = element instanceof HTMLElement ? element.id : '';
  const owner = [...store.keys].filter((key) => id === `root_${key}` || id.startsWith(`root_${key}_`)).sort((a, b) => b.length - a.length)[0];
  if (owner) store.select(owner);
}

/**
 * The designer's live preview: the working design compiled by the server as a published version
 * would be and drawn by the same renderer, with its validation running as a fill screen's does.
 * It follows every edit; while a design has problems the last good preview stays, marked stale.
 * What is typed into it survives edits (without the keys the design no longer has) and is never stored.
 */
export const PreviewPane = observer(function PreviewPane({ store, api, settings }: { store: DesignStore; api: DesignerApi; settings: FormSettings | undefined }) {
  const { t } = useTranslation('forms');
  const token = useToken();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [data, setData] = useState<RecordData | null>(null);
  const [accepted, setAccepted] = useState<RecordData | null>(null);
  const [width, setWidth] = useState<Width>('desktop');

  useEffect(() => {
    let current = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const compile = async (design: FormDesign, ticket: number) => {
      setBusy(true);
      try {
        const result = await api.preview(design);
        const validator = await loadFormValidator(previewValidatorUrl(result.validatorKey, token), result.schema);
        if (ticket !== current) return;
        setPreview({ version: { schema: result.schema, uiSchema: result.uiSchema, design }, validator });
        setData((typed) => (typed === null ? initialRecordData(design, settings, new Date()) : keepDesignFields(design, typed)));
        setFailure('');
      } catch (error) {
        if (ticket === current) setFailure(messageOf(error, t('designer.preview.failed')));
      } finally {
        if (ticket === current) setBusy(false);
      }
    };
    const stop = reaction(
      () => (store.problems.length ? null : JSON.stringify(store.design)),
      (text) => {
        clearTimeout(timer);
        if (text === null) return;
        const ticket = ++current;
        timer = setTimeout(() => void compile(JSON.parse(text) as FormDesign, ticket), PREVIEW_DELAY_MS);
      },
      { fireImmediately: true },
    );
    return () => {
      stop();
      clearTimeout(timer);
      current = -1;
    };
  }, [store, api, token, settings, t]);

  const stale = store.problems.length > 0;
  const restart = () => {
    if (preview) setData(initialRecordData(preview.version.design, settings, new Date()));
    setAccepted(null);
  };

  return (
    <div className="designer-preview" data-testid="designer-preview" aria-busy={busy}>
      <Space wrap className="designer-preview-bar">
        <Segmented<Width>
          value={width}
          onChange={setWidth}
          aria-label={t('designer.preview.width')}
          options={[
            { value: 'desktop', label: t('designer.preview.desktop'), icon: <DesktopOutlined /> },
            { value: 'phone', label: t('designer.preview.phone'), icon: <MobileOutlined /> },
          ]}
        />
        <Button icon={<ReloadOutlined />} onClick={restart} disabled={!preview}>
          {t('designer.preview.restart')}
        </Button>
        {busy && <Spin size="small" aria-label={t('designer.preview.updating')} />}
      </Space>
      <Typography.Text type="secondary">{t('designer.preview.fieldOf')}</Typography.Text>
      {stale && <Alert type="warning" showIcon title={t('designer.preview.stale')} />}
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      {accepted && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setAccepted(null)}
          title={t('designer.preview.accepted')}
          description={
            <pre className="designer-preview-data" dir="ltr">
              {JSON.stringify(accepted, null, 2)}
            </pre>
          }
        />
      )}
      {!preview || !data ? (
        busy || (!failure && !stale) ? <Spin className="designer-preview-loading" /> : <Empty description={t('designer.preview.none')} />
      ) : preview.version.design.items.length === 0 ? (
        <Empty description={t('designer.preview.empty')} />
      ) : (
        <div className={width === 'phone' ? 'designer-preview-frame is-phone' : 'designer-preview-frame'} onFocusCapture={(event) => selectFieldOf(store, event.target)}>
          <FormRenderer
            version={preview.version}
            value={data}
            validator={preview.validator}
            onChange={(next) => {
              setData(next);
              setAccepted(null);
            }}
            onSubmit={setAccepted}
          >
            <Space className="form-view-actions">
              <Button type="primary" htmlType="submit">
                {t('designer.preview.submit')}
              </Button>
              <Typography.Text type="secondary">{t('designer.preview.notStored')}</Typography.Text>
            </Space>
          </FormRenderer>
        </div>
      )}
    </div>
  );
});
