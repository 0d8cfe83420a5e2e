/** The header clock: date, weekday and time, ticking on its own so the screen around it does not re-render. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ScreenClock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const locale = i18n.language === 'en' ? 'en-GB' : 'zh-CN';
  return (
    <div className="screen-clock" data-testid="screen-clock">
      <span className="screen-clock-time">{now.toLocaleTimeString(locale, { hour12: false })}</span>
      <span className="screen-clock-date">{now.toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'long' })}</span>
    </div>
  );
}
