import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, passwordRules, requiredRule } from '../login/format-rules.ts';

/**
 * A new password, held to the server's password limits, and its confirmation (field `confirm`),
 * which must repeat it. `name` is the password's field in the surrounding form.
 */
export function NewPasswordFields({ name, label, confirmLabel }: { name: string; label: string; confirmLabel?: string }) {
  const { t } = useTranslation('login');
  return (
    <>
      <Form.Item name={name} label={label} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel ?? t('passwordRules.confirm')}
        dependencies={[name]}
        rules={[requiredRule(t('passwordRules.confirmRequired')), confirmRule(t, name)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
