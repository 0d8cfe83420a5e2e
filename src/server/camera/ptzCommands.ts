/**
 * The PTZ commands of the three control calls, checked once for every
 * adapter: deviceControl {direction, speed?} turns the camera (up, down,
 * left, right and the diagonals — or EZVIZ's numbers 0–7 for them),
 * zoomControl {command: in | out} (or 8 / 9), focalControl {command: near |
 * far} (or 10 / 11). speed is 1–7 (EZVIZ's and ISC's range), 4 by default.
 */
import { badRequest } from '../http/apiError.js';

export const PAN_TILT = ['up', 'down', 'left', 'right', 'upLeft', 'downLeft', 'upRight', 'downRight'] as const;
export const ZOOM = ['zoomIn', 'zoomOut'] as const;
export const FOCUS = ['focusNear', 'focusFar'] as const;

export type PtzCall = 'deviceControl' | 'zoomControl' | 'focalControl';

export interface PtzCommand {
  command: (typeof PAN_TILT)[number] | (typeof ZOOM)[number] | (typeof FOCUS)[number];
  speed: number;
}

export const MIN_SPEED = 1;
export const MAX_SPEED = 7;
export const DEFAULT_SPEED = 4;

/** Each call's commands: the body's word for it, and EZVIZ's number (the order of its direction codes). */
const CALLS: Record<PtzCall, { field: 'direction' | 'command'; words: Record<string, PtzCommand['command']>; firstCode: number; zh: string; en: string }> = {
  deviceControl: {
    field: 'direction',
    words: Object.fromEntries(PAN_TILT.map((c) => [c, c])),
    firstCode: 0,
    zh: 'direction 应为 up、down、left、right、upLeft、downLeft、upRight、downRight 之一（或 0–7）',
    en: 'direction must be one of up, down, left, right, upLeft, downLeft, upRight, downRight (or 0–7)',
  },
  zoomControl: {
    field: 'command',
    words: { in: 'zoomIn', out: 'zoomOut' },
    firstCode: 8,
    zh: 'command 应为 in（放大）或 out（缩小）（或 8、9）',
    en: 'command must be in or out (or 8, 9)',
  },
  focalControl: {
    field: 'command',
    words: { near: 'focusNear', far: 'focusFar' },
    firstCode: 10,
    zh: 'command 应为 near（近焦）或 far（远焦）（或 10、11）',
    en: 'command must be near or far (or 10, 11)',
  },
};

function speedOf(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_SPEED;
  const speed = Number(raw);
  if (!Number.isInteger(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
    throw badRequest(`速度应为 ${MIN_SPEED}–${MAX_SPEED} 的整数`, `speed must be a whole number from ${MIN_SPEED} to ${MAX_SPEED}`);
  }
  return speed;
}

/** The command of a control call's input (body merged over the query string); a clear refusal for anything else. */
export function ptzCommandOf(call: PtzCall, input: Record<string, unknown>): PtzCommand {
  const spec = CALLS[call];
  const raw = input[spec.field];
  const words = Object.values(spec.words);
  let command: PtzCommand['command'] | undefined;
  if (typeof raw === 'string' && Object.hasOwn(spec.words, raw)) command = spec.words[raw];
  else if (raw !== undefined && raw !== null && raw !== '' && Number.isInteger(Number(raw))) command = words[Number(raw) - spec.firstCode];
  if (!command) throw badRequest(spec.zh, spec.en);
  return { command, speed: speedOf(input.speed) };
}
