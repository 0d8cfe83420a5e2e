/** The inspection big screen's three calls (src/server/actions/screens/inspection*.ts), refreshed every minute. */
import { useTranslation } from 'react-i18next';
import type { EventsData, ReservoirsData, WorkData } from '../../../../shared/screenAnswers';
import { screenApi } from '../../../screens/screenApi';
import { useScreenData } from '../../../screens/useScreenData';

/** One call's data; the key carries the language, since the server labels dictionary values in it. */
function useCall<T>(name: string) {
  const { i18n } = useTranslation();
  return useScreenData<T>(`screen/inspection/${name}:${i18n.language}`, () => screenApi.get<T>(`/v2/screen/inspection/${name}`)).data;
}

export const useReservoirs = () => useCall<ReservoirsData>('reservoirs');
export const useWork = () => useCall<WorkData>('work');
export const useEvents = () => useCall<EventsData>('events');
