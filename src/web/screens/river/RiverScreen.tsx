/**
 * 河长智慧大屏 (/river-big-screen/index), the big screen of every tenant not named otherwise: this month's
 * patrols against each level's frequency, the rivers on the map with the latest problems and the cameras
 * along them, problems by type and by state — all from the tenant's patrol registers, refreshed on their own.
 * Each column reads its data itself, so nothing is asked before the frame has found a screen token.
 */
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../ScreenFrame';
import { ScreenPanel } from '../ScreenPanel';
import { RiverMap } from './RiverMap';
import { DailyTrend, FrequencyByLevel, LatestProblems, MonthFigures, ProblemStates, ProblemTypes, RiverCameras } from './RiverPanels';
import { useRiverCameras, useRiverProblems, useRiverStatistics } from './riverScreenData';
import './riverScreen.css';

function LeftColumn() {
  const { t, i18n } = useTranslation();
  const { data } = useRiverStatistics(i18n.language);
  return (
    <>
      <ScreenPanel title={t('riverScreen.panel.month')} flex={1.1} testId="river-panel-month">
        <MonthFigures data={data} />
      </ScreenPanel>
      <ScreenPanel title={t('riverScreen.panel.frequency')} flex={1} testId="river-panel-frequency">
        <FrequencyByLevel data={data} />
      </ScreenPanel>
      <ScreenPanel title={t('riverScreen.panel.daily')} flex={1.3}>
        <DailyTrend data={data} />
      </ScreenPanel>
    </>
  );
}

function CenterColumn() {
  const { t, i18n } = useTranslation();
  const { data } = useRiverStatistics(i18n.language);
  const { data: problems } = useRiverProblems(i18n.language);
  const { data: cameras } = useRiverCameras();
  return (
    <ScreenPanel title={t('riverScreen.panel.map')} testId="river-panel-map">
      <RiverMap data={data} problems={problems} cameras={cameras} />
    </ScreenPanel>
  );
}

function RightColumn() {
  const { t, i18n } = useTranslation();
  const { data } = useRiverStatistics(i18n.language);
  const { data: problems } = useRiverProblems(i18n.language);
  const { data: cameras } = useRiverCameras();
  return (
    <>
      <ScreenPanel title={t('riverScreen.panel.types')} flex={1}>
        <ProblemTypes data={data} />
      </ScreenPanel>
      <ScreenPanel title={t('riverScreen.panel.states')} flex={0.8}>
        <ProblemStates data={data} />
      </ScreenPanel>
      <ScreenPanel title={t('riverScreen.panel.problems')} flex={1.3} testId="river-panel-problems">
        <LatestProblems problems={problems} />
      </ScreenPanel>
      <ScreenPanel title={t('riverScreen.panel.cameras')} flex={1}>
        <RiverCameras cameras={cameras} />
      </ScreenPanel>
    </>
  );
}

export function RiverScreen() {
  const { t } = useTranslation();
  return <ScreenFrame title={t('riverScreen.title')} testId="river-screen" left={<LeftColumn />} center={<CenterColumn />} right={<RightColumn />} />;
}

export default RiverScreen;
