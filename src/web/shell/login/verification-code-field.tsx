import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { handled } from '../../ui/handled.ts';
import { requiredRule } from './format-rules.ts';
import { RESEND_SECONDS, useCountdown } from './use-countdown.ts';

/** The code input with its send button, which waits 60 s before it may send again. */
export function VerificationCodeField({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation('login');
  const countdown = useCountdown(RESEND_SECONDS);
  const label = t('code.label');
  const send = handled(async () => {
    if (await onSend()) countdown.start();
  });
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="verificationCode"
          noStyle
          rules={[requiredRule(t('code.required')), { pattern: /^\d{6}$/, message: t('code.digits') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label={label} />
        </Form.Item>
        <Button onClick={send} disabled={countdown.left > 0}>
          {countdown.left > 0
            ? t('code.resendIn', { seconds: countdown.left })
            : t('code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
