/** /404, /403, /500. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

const MESSAGES = { 404: 'errors.notFound', 403: 'errors.forbidden', 500: 'errors.serverError' } as const;

export function ErrorPage({ status }: { status: 404 | 403 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(MESSAGES[status])}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
