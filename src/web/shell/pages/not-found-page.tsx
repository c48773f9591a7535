import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Any address that is no route of Plinth. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')} autoFocus>
          {t('actions.backToHome')}
        </Button>
      }
    />
  );
}
