/** How a history row reads: which rows the timeline shows, the result's tag colour, a duration in words. */
import type { HistoryRow } from '../processTypes';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Sequence flows and gateways are how the process moved, not steps a person or the process took: the timeline leaves them out. */
export function isTimelineStep(row: Pick<HistoryRow, 'historyActivityType'>): boolean {
  return !/(sequenceflow|gateway)$/i.test(String(row.historyActivityType ?? ''));
}

/** Green for a pass, red for a rejection or termination, orange for a move back, blue for everything else. */
export function flagColour(flag: string | null | undefined): string {
  switch (flag) {
    case 'pass':
      return 'success';
    case 'reject':
    case 'terminate':
      return 'error';
    case 'rollback':
    case 'withdraw':
      return 'warning';
    default:
      return 'processing';
  }
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds as the two largest units ("2小时5分钟", "2 h 5 min"); a text duration is shown as the server wrote it. */
export function durationText(t: Translate, duration: string | number | null | undefined): string {
  if (duration === null || duration === undefined || duration === '') return '';
  const ms = typeof duration === 'number' ? duration : /^\d+$/.test(duration) ? Number(duration) : NaN;
  if (Number.isNaN(ms)) return String(duration);
  const parts: [number, string][] = [
    [Math.floor(ms / DAY), 'days'],
    [Math.floor((ms % DAY) / HOUR), 'hours'],
    [Math.floor((ms % HOUR) / MINUTE), 'minutes'],
    [Math.floor((ms % MINUTE) / SECOND), 'seconds'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  if (first < 0) return t('workflowProcess.history.seconds', { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => t(`workflowProcess.history.${unit}`, { count }))
    .join(' ');
}

/** A known result in the page's language (同意, 驳回 …); an unknown one as the server sent it. */
export function flagLabel(t: Translate, flag: string | null | undefined): string {
  if (!flag) return '';
  return t(`workflowProcess.flag.${flag}`, { defaultValue: flag });
}

/** A step's name: the node's own, else its kind (a drawn end event usually has no name, and its id means nothing to a reader). */
export function stepName(t: Translate, row: Pick<HistoryRow, 'historyActivityName' | 'historyActivityId' | 'historyActivityType'>): string {
  if (row.historyActivityName) return row.historyActivityName;
  const type = (row.historyActivityType ?? '').replace(/^bpmn:/, '');
  if (type === 'StartEvent') return t('workflowProcess.history.startEvent');
  if (type === 'EndEvent') return t('workflowProcess.history.endEvent');
  return row.historyActivityId;
}
