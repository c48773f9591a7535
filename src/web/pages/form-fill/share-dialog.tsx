import { Input, Modal, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The phone fill screen's address for a form. */
export function shareLink(origin: string, formId: number): string {
  return `${origin}/table/mobileFill?formId=${formId}`;
}

/** The share link of a form's phone fill screen, as text to copy and as a QR code drawn here. */
export function ShareDialog({ formId, onClose }: { formId: number; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const canvas = useRef<HTMLCanvasElement>(null);
  const link = shareLink(window.location.origin, formId);
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, link, { width: 200, margin: 1 });
  }, [link]);
  return (
    <Modal open title={t('view.shareTitle')} onCancel={onClose} footer={null}>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <canvas ref={canvas} aria-label={t('view.qrCode')} role="img" />
        <Typography.Paragraph type="secondary">{t('view.shareHelp')}</Typography.Paragraph>
        <Input readOnly value={link} aria-label={t('view.shareLink')} onFocus={(event) => event.target.select()} />
        <Typography.Text copyable={{ text: link }}>{t('view.copyLink')}</Typography.Text>
      </Space>
    </Modal>
  );
}
