/**
 * The frame of the four matrix screens: the common title and the four tabs (四全/四制/四预/四管) in the header,
 * each tab the /show-big-screen/<screen>/index page of the same window (the screen token stays in the session).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../ScreenFrame';
import type { MatrixScreenKey } from './matrixData';
import './matrix.css';

export const MATRIX_SCREENS: MatrixScreenKey[] = ['siquan', 'sizhi', 'siyu', 'siguan'];

export const matrixPath = (screen: MatrixScreenKey) => `/show-big-screen/${screen}/index`;

export interface MatrixFrameProps {
  screen: MatrixScreenKey;
  left: ReactNode;
  center: ReactNode;
  right: ReactNode;
}

export function MatrixFrame({ screen, left, center, right }: MatrixFrameProps) {
  const { t } = useTranslation();
  const tabs = MATRIX_SCREENS.map((key) => ({ key, label: t(`matrixScreens.tabs.${key}`), path: matrixPath(key) }));
  return (
    <ScreenFrame
      title={t('matrixScreens.heading', { tab: t(`matrixScreens.tabs.${screen}`) })}
      tabs={tabs}
      activeTab={screen}
      testId={`matrix-screen-${screen}`}
      left={left}
      center={center}
      right={right}
    />
  );
}
