import { Alert } from 'antd';

/** A form's failure (role alert) above its fields, or else its notice (role status). */
export function FormAlerts({ error, notice = '' }: { error: string; notice?: string }) {
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {notice && !error && <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} role="status" />}
    </>
  );
}
