import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/error-message.ts';

export interface SendCodeOptions<Field extends string> {
  /** The field that says where the code goes; it is checked before anything is sent. */
  field: Field;
  /** Sends a code to the field's trimmed value. */
  send: (to: string) => Promise<unknown>;
  /** The notice shown once the code is on its way. */
  sentNotice: (to: string) => string;
}

/**
 * The state of a form that sends a verification code (registration, password reset): its
 * error and notice, `sendCode` for the VerificationCodeField, and `submitting`, which runs the
 * form's own call while busy and shows its failure in the form, not as a toast (spec §7).
 */
export function useSendCode<Values extends Record<Field, string>, Field extends string>(
  form: FormInstance<Values>,
  { field, send, sentNotice }: SendCodeOptions<Field>,
) {
  const { t } = useTranslation('login');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async (): Promise<boolean> => {
    setError('');
    try {
      const values = await form.validateFields([field]);
      const to = values[field].trim();
      await send(to);
      setNotice(sentNotice(to));
      return true;
    } catch (failure) {
      if (isFieldValidationFailure(failure)) return false;
      setError(messageOf(failure, t('code.sendFailed')));
      return false;
    }
  };

  /** Runs `action`; a failure shows its own message, or `failedKey`'s text in the login namespace. */
  const submitting = async (action: () => Promise<void>, failedKey: string) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure, t(failedKey)));
    } finally {
      setBusy(false);
    }
  };

  return { error, notice, busy, sendCode, submitting };
}

/** True when a rejected antd validation (already shown beside the field) caused the failure. */
export function isFieldValidationFailure(failure: unknown): boolean {
  return Boolean(failure && typeof failure === 'object' && 'errorFields' in failure);
}
