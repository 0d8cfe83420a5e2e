/** 水库巡查智慧大屏 (/big-screen/inspection): the reservoir inspection big screen of the tenant that opened it. */
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../../screens/ScreenFrame';

export function InspectionScreen() {
  const { t } = useTranslation();
  return <ScreenFrame title={t('inspectionScreen.title')} testId="inspection-screen" />;
}
