import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** A route of the product whose screen this version does not include. */
export default function UnavailablePage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Result
      status="info"
      title={t('unavailable.title')}
      subTitle={pathname}
      extra={
        <Button onClick={() => void navigate('/home')} autoFocus>
          {t('actions.backToHome')}
        </Button>
      }
    />
  );
}
