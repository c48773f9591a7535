import { CheckCircleOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import type { FieldError, RecordData } from '../../src/core/forms/form-design.ts';
import { initialRecordData } from '../../src/core/forms/record-validation.ts';
import { LoadState } from '../../src/web/ui/load-state.tsx';
import { FormRenderer } from '../../src/web/forms/form-view/form-renderer.tsx';
import { useFormViewApi, validatorUrl } from '../../src/web/forms/form-view/form-view-api.ts';
import { fieldErrorsOf, refusalSummary } from '../../src/web/forms/form-view/server-errors.ts';
import { useLoadable, useToken } from '../../src/web/forms/form-view/use-form-version.ts';
import { loadFormValidator } from '../../src/web/forms/validation-runtime.ts';
import type { RecordListStore } from '../../src/web/pages/form-data/record-list-store.ts';
import { FormWidgetState } from './form-widget.tsx';
import { noteRecordMade } from './records-changed.ts';

/**
 * The form's published version to fill in, as the fill screen draws it: its own rules checked in
 * the browser as fields are left and on submit, the server's refusal beside each field. Only a
 * reader holding the form's create right is offered it.
 */
export const FormFill = observer(function FormFill({ store, formId }: { store: RecordListStore; formId: number }) {
  const { t } = useTranslation('widgets');
  const api = useFormViewApi();
  const token = useToken();
  const { version } = store.form.data!;
  const validator = useLoadable(`${formId}:${version.version}`, () => loadFormValidator(validatorUrl(formId, version.version, token), version.schema));
  const fresh = () => initialRecordData(version.design, version.settings, new Date());
  const [data, setData] = useState<RecordData>(fresh);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [made, setMade] = useState<FormRecord | null>(null);

  if (!store.held?.ready) return <FormWidgetState busy text={t('form.loading')} />;
  if (!store.can('create')) return <FormWidgetState icon={<LockOutlined aria-hidden />} text={t('form.cannotFill')} hint={t('form.hiddenHint')} />;

  if (made) {
    return (
      <FormWidgetState
        icon={<CheckCircleOutlined aria-hidden className="form-widget-done" />}
        text={t('forms:view.submitted', { number: made.number ?? made.id })}
        action={
          <Space wrap>
            <Button
              type="primary"
              autoFocus
              onClick={() => {
                setData(fresh());
                setMade(null);
              }}
            >
              {t('forms:view.fillAnother')}
            </Button>
            <Link to={`/table/edit/${made.id}`}>{t('forms:view.openRecord')}</Link>
          </Space>
        }
      />
    );
  }

  const submit = async (value: RecordData) => {
    setSubmitting(true);
    setError('');
    setFieldErrors([]);
    try {
      const record = await api.createRecord(formId, value);
      setMade(record);
      noteRecordMade(formId);
    } catch (failure) {
      setError(refusalSummary(failure, t('forms:view.submitFailed'), t));
      setFieldErrors(fieldErrorsOf(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LoadState source={validator}>
      {(loaded) => (
        <div className="form-widget-fill">
          {error && <Alert type="error" showIcon role="alert" title={error} className="form-widget-alert" />}
          <FormRenderer version={version} value={data} validator={loaded} onChange={setData} onSubmit={(value) => void submit(value)} serverErrors={fieldErrors}>
            <div className="form-view-actions">
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('forms:view.submit')}
              </Button>
            </div>
          </FormRenderer>
        </div>
      )}
    </LoadState>
  );
});
