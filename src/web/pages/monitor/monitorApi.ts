/**
 * The console's calls of the monitoring pages (contract 13 §B–D): each
 * family's latest figures (listNew), a station's readings over a time range
 * (listAll), the day / month / year reports and their .xlsx, the active
 * warnings, and the stations and reservoirs the query bar offers.
 */
import type { Envelope, Page } from '../../../shared/envelope';
import type { MonitorFamily } from '../../../shared/monitorElements';
import { request } from '../../api/http';
import type { ParamValue } from '../../api/request';
import { downloadFile } from '../../renderers/entityApi';
import type { CharacteristicLevels, Reading } from './monitorChartData';
import type { WarningRow } from './warnings/warningStream';

const data = async <T>(promise: Promise<{ data: Envelope<T> }>): Promise<T> => (await promise).data.data;
const base = (family: MonitorFamily) => `/v1/monitor/${family}`;

/** One station's latest figures as listNew answers them (contract §D). */
export interface StationLatest extends CharacteristicLevels {
  stationId: string;
  stationName: string;
  stationCode: string;
  reservoirId: string;
  reservoirName?: string | null;
  /** By element code (ZU, PJ …). */
  latest?: Record<string, { value: number | null; time: string | null } | null>;
  /** Rainfall: since the last 08:00, the last 1 h, 3 h, 24 h. */
  today?: number | null;
  h1?: number | null;
  h3?: number | null;
  h24?: number | null;
  /** Water level: change against the reading 24 h before. */
  change24h?: number | null;
  activeWarnings?: number;
  /** The newest reading's time of any element. */
  latestTime?: string | null;
}

export const fetchLatest = (family: MonitorFamily, reservoirId?: string, isSilent = false) =>
  data(request<Envelope<StationLatest[]>>({ url: `${base(family)}/listNew`, params: { reservoirId }, meta: { isSilent } }));

export const fetchReadings = (family: MonitorFamily, params: { stationId: string; startTime: string; endTime: string; element?: number }) =>
  data(request<Envelope<Reading[]>>({ url: `${base(family)}/listAll`, params }));

/** A report as the server renders it: one table shape for day, month and year (src/server/actions/monitor/readingReports.ts). */
export interface ReportTable {
  station?: { id: string; code?: string; name?: string; reservoirName?: string | null };
  family?: MonitorFamily;
  elements?: { key: number; code: string; unit: string; decimals: number }[];
  period?: { from?: string; to?: string; label?: string; labelEn?: string };
  columns: { key: string; title: string; titleEn?: string; unit?: string; decimals?: number }[];
  rows: ReportRow[];
  summary?: ReportRow[];
}

export interface ReportRow {
  label: string;
  labelEn?: string;
  cells: Record<string, number | string | null>;
  /** When a cell's figure was observed (highest, lowest, wettest hour or day). */
  times?: Record<string, string | null>;
}

/** Silent: the report tab shows a refusal (bad date, 501 before the reports exist) in place of the table. */
export const fetchReport = (url: string, params: Record<string, ParamValue>) => data(request<Envelope<ReportTable>>({ url, params, meta: { isSilent: true } }));

export const downloadReport = (url: string, params: Record<string, ParamValue>, fileName: string) => downloadFile({ url, params }, fileName);

/** An active or cleared warning as the warning log lists it (one shape with the stream's events). */
export type { WarningRow };

export const fetchActiveWarnings = () =>
  data(
    request<Envelope<Page<WarningRow>>>({ url: '/v1/monitor/warningLog/list', params: { warningState: 1, current: 1, size: 100 }, meta: { isSilent: true } }),
  );

export interface StationOption {
  id: string;
  stationName: string;
  stationCode: string;
  monitorType: number;
  reservoirId: string;
}

export const fetchStations = (monitorType: number) => data(request<Envelope<StationOption[]>>({ url: '/v1/info/station/listAll', params: { monitorType } }));

export const fetchReservoirs = () => data(request<Envelope<{ id: string; name: string }[]>>({ url: '/v1/reservoir/listAll' }));
