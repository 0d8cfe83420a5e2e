/**
 * The full-screen frame of every big screen: a dark 1920×1080 stage scaled to the window (letterbox), a
 * header with the title, the clock, a language switch, the AI assistant's two icons and the screen's tabs (half
 * left, half right of the title), and three columns of panels (`left`, `center`, `right`) or free content (`children`).
 * Without a screen token it shows the "open it from the console" page instead (screenSession.ts).
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ScreenAssistantIcons } from '../chat/ScreenAssistantIcons';
import { changeLanguage } from '../i18n';
import { ColdOpenPage } from './ColdOpenPage';
import { ScreenClock } from './ScreenClock';
import { StageScaleContext } from './stageScaleContext';
import { STAGE_HEIGHT, STAGE_WIDTH, useStageScale } from './useStageScale';
import { useScreenSession } from './useScreenSession';
import './screens.css';

export interface ScreenTab {
  key: string;
  label: string;
  path: string;
}

export interface ScreenFrameProps {
  /** The translated title. */
  title: string;
  tabs?: ScreenTab[];
  activeTab?: string;
  left?: ReactNode;
  center?: ReactNode;
  right?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

function TabRow({ tabs, activeTab }: { tabs: ScreenTab[]; activeTab?: string }) {
  const navigate = useNavigate();
  return (
    <nav className="screen-tabs">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          className={`screen-tab${tab.key === activeTab ? ' screen-tab-active' : ''}`}
          data-testid={`screen-tab-${tab.key}`}
          onClick={() => navigate(tab.path)}
        >
          {tab.label}
        </button>
      ))}
    </nav>
  );
}

function LanguageToggle() {
  const { i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <button type="button" className="screen-language" data-testid="screen-language" onClick={() => void changeLanguage(next)}>
      {next === 'en' ? 'EN' : '中'}
    </button>
  );
}

function ScreenHeader({ title, tabs = [], activeTab }: Pick<ScreenFrameProps, 'title' | 'tabs' | 'activeTab'>) {
  const half = Math.ceil(tabs.length / 2);
  return (
    <header className="screen-header">
      <div className="screen-header-side">{tabs.length > 0 ? <TabRow tabs={tabs.slice(0, half)} activeTab={activeTab} /> : null}</div>
      <h1 className="screen-title" data-testid="screen-title">
        {title}
      </h1>
      <div className="screen-header-side screen-header-right">
        {tabs.length > 1 ? <TabRow tabs={tabs.slice(half)} activeTab={activeTab} /> : null}
        <ScreenClock />
        <LanguageToggle />
        {/* In the header, not floating over the stage: no screen puts content there (a floating pair covered the
            river screen's last camera row). */}
        <div className="screen-assistant">
          <ScreenAssistantIcons />
        </div>
      </div>
    </header>
  );
}

export function ScreenFrame({ title, tabs, activeTab, left, center, right, children, testId }: ScreenFrameProps) {
  const session = useScreenSession();
  const scale = useStageScale();
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (session !== 'open') return <ColdOpenPage isEnded={session === 'ended'} />;
  const hasColumns = left !== undefined || center !== undefined || right !== undefined;
  return (
    <div className="screen-window">
      <StageScaleContext.Provider value={scale}>
        <div
          className="screen-stage"
          data-testid={testId ?? 'screen-stage'}
          style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
        >
          <ScreenHeader title={title} tabs={tabs} activeTab={activeTab} />
          <div className="screen-body">
            {hasColumns ? (
              <div className="screen-columns">
                <div className="screen-column">{left}</div>
                <div className="screen-column screen-column-center">{center}</div>
                <div className="screen-column">{right}</div>
              </div>
            ) : null}
            {children}
          </div>
        </div>
      </StageScaleContext.Provider>
    </div>
  );
}
