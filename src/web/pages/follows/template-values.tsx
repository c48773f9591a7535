import { Alert, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordData } from '../../../core/forms/form-design.ts';
import { FormRenderer, type FormRendererHandle } from '../../forms/form-view/form-renderer.tsx';
import { loadVersion, useLoadable, useToken } from '../../forms/form-view/use-form-version.ts';
import { useFormViewApi } from '../../forms/form-view/form-view-api.ts';

/**
 * A follow-up's template values drawn by the form renderer with the template form version it
 * was made with, and checked by that version's own validator (the server checks the same rules).
 * Read-only on the detail; editable on the edit screen.
 */
export const TemplateValues = observer(function TemplateValues({
  formId,
  version,
  value,
  onChange,
  readOnly,
  handle,
}: {
  formId: number;
  version: number;
  value: RecordData;
  onChange?: (value: RecordData) => void;
  readOnly?: boolean;
  handle?: Ref<FormRendererHandle>;
}) {
  const { t } = useTranslation('follows');
  const api = useFormViewApi();
  const token = useToken();
  const loaded = useLoadable(`${formId}:${version}`, () => loadVersion(api, token, formId, version));
  if (loaded.status === 'failed') return <Alert type="warning" showIcon title={t('detail.templateUnavailable')} description={loaded.error} />;
  if (!loaded.data) return <Spin />;
  return (
    <div className="follow-template" data-testid="follow-template">
      <FormRenderer
        version={loaded.data.version}
        validator={loaded.data.validator}
        value={value}
        onChange={onChange ?? (() => undefined)}
        disabled={readOnly}
        ref={handle}
      />
    </div>
  );
});
