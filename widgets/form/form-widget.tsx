import { LockOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../../src/web/ui/use-admin-api.ts';
import { ApiError } from '../../src/web/api/api-error.ts';
import type { FormDataApi } from '../../src/web/pages/form-data/form-data-api.ts';
import { RecordListStore } from '../../src/web/pages/form-data/record-list-store.ts';
import { useFormDataApi } from '../../src/web/pages/form-data/use-form-data-api.ts';
import { useStores } from '../../src/web/stores/stores-context.tsx';
import type { WidgetRenderProps } from '../types.ts';
import { FormFill } from './form-fill.tsx';
import { FormRecords } from './form-records.tsx';
import './form-widget.css';

/** The props of props.schema.json, defaults applied. */
export interface FormWidgetProps {
  form: number;
  show: 'fill' | 'records';
  pageSize: number;
}

/** How the record list's store names a form the reader may not see (one not among theirs). */
export const HIDDEN = 'not-found';

/** The form's calls, the server's refusal (403) read as a form the reader may not see. */
function refusedAsHidden(api: FormDataApi): FormDataApi {
  const hide =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    (...args: A) =>
      call(...args).catch((failure: unknown) => {
        throw failure instanceof ApiError && failure.status === 403 ? new Error(HIDDEN) : failure;
      });
  return { ...api, formOptions: hide(api.formOptions), formVersion: hide(api.formVersion), records: hide(api.records) };
}

/** What the cell says instead of the form: loading, refused, failed (with a retry), done. */
export function FormWidgetState({ icon, text, hint, action, busy, failed }: { icon?: ReactNode; text: string; hint?: string; action?: ReactNode; busy?: boolean; failed?: boolean }) {
  return (
    <div className="form-widget-state" role={busy ? 'status' : failed ? 'alert' : 'note'} aria-live="polite">
      {busy ? <Spin aria-hidden /> : icon ? <span className="form-widget-state-icon">{icon}</span> : null}
      <p className="form-widget-state-text">{text}</p>
      {hint ? <p className="form-widget-state-hint">{hint}</p> : null}
      {action}
    </div>
  );
}

export function HiddenForm() {
  const { t } = useTranslation('widgets');
  return <FormWidgetState icon={<LockOutlined aria-hidden />} text={t('form.hidden')} hint={t('form.hiddenHint')} />;
}

export function FailedState({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation('widgets');
  return (
    <FormWidgetState
      failed
      icon={<WarningOutlined aria-hidden />}
      text={message || t('form.failed')}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
          {t('cell.retry')}
        </Button>
      }
    />
  );
}

/**
 * A published form, as the reader may use it: filled in, or its records listed. Its form, its
 * version, the reader's rights in it and its records come from the record API, as on the form
 * screens; what the server refuses shows as a form the reader may not see.
 */
export default observer(function FormWidget({ props }: WidgetRenderProps<FormWidgetProps>) {
  const { t } = useTranslation('widgets');
  const stores = useStores();
  if (!stores.user.signedIn) return <FormWidgetState icon={<LockOutlined aria-hidden />} text={t('form.signIn')} />;
  // Another form or another view starts over.
  return <FormOfWidget key={`${props.form}:${props.show}`} {...props} />;
});

const FormOfWidget = observer(function FormOfWidget({ form, show, pageSize }: FormWidgetProps) {
  const { t } = useTranslation('widgets');
  const api = useFormDataApi();
  const adminApi = useAdminApi();
  const [store] = useState(() => new RecordListStore(refusedAsHidden(api), form, adminApi));
  useEffect(() => {
    void store.form.load();
  }, [store]);
  const ready = store.form.data !== null;
  useEffect(() => {
    if (ready && show === 'records') void store.firstPage(pageSize);
  }, [store, ready, show, pageSize]);

  const loaded = store.form;
  let body: ReactNode;
  if (loaded.status === 'failed' && loaded.error === HIDDEN) body = <HiddenForm />;
  else if (loaded.status === 'failed') body = <FailedState message={loaded.error} retry={() => void store.form.load()} />;
  else if (!loaded.data) body = <FormWidgetState busy text={t('form.loading')} />;
  else body = show === 'fill' ? <FormFill store={store} formId={form} /> : <FormRecords store={store} formId={form} />;
  return (
    <div className={`form-widget form-widget-${show}`} data-form-widget-form={form}>
      {body}
    </div>
  );
});
