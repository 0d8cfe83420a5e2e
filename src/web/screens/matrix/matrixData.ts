/**
 * The matrix screens' answers (GET /api/v2/screen/matrix/<screen>, src/server/actions/screens/matrix*.ts) and the
 * hook each page reads them with (refreshed every minute, the screen token's call).
 */
import type { SiguanData, SiquanData, SiyuData, SizhiData } from '../../../shared/screenAnswers';
import { screenApi } from '../screenApi';
import { useScreenData } from '../useScreenData';

// The screens read the answers' types from here.
export type { KeyCount, ReservoirLifecycle, SiguanData, SiquanData, SiyuData, SizhiData } from '../../../shared/screenAnswers';

export type MatrixScreenKey = 'siquan' | 'sizhi' | 'siyu' | 'siguan';

interface MatrixAnswers {
  siquan: SiquanData;
  sizhi: SizhiData;
  siyu: SiyuData;
  siguan: SiguanData;
}

export function useMatrixData<K extends MatrixScreenKey>(screen: K) {
  return useScreenData<MatrixAnswers[K]>(`matrix-${screen}`, () => screenApi.get<MatrixAnswers[K]>(`/v2/screen/matrix/${screen}`));
}
