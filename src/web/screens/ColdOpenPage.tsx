/**
 * What a big screen shows without a screen token: opened cold (a bookmark, a copied address) or after its
 * token ended (signed out, expired, the menu taken away). Screens are opened from the console, which gives
 * them a short-lived read-only token.
 */
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './screens.css';

export function ColdOpenPage({ isEnded = false }: { isEnded?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="screen-cold-open" data-testid="screen-cold-open">
      <div className="screen-cold-open-card">
        <FundProjectionScreenOutlined className="screen-cold-open-icon" />
        <h1>{t(isEnded ? 'screens.coldOpen.endedTitle' : 'screens.coldOpen.title')}</h1>
        <p>{t(isEnded ? 'screens.coldOpen.endedText' : 'screens.coldOpen.text')}</p>
        <a className="screen-cold-open-link" href="/" data-testid="screen-cold-open-console">
          {t('screens.coldOpen.toConsole')}
        </a>
      </div>
    </main>
  );
}
