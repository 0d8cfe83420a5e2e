/**
 * The quick questions offered in an empty dialog (platform-core §9): four for the professional assistant (dam
 * safety monitoring, the operation management matrix, the digital twin, informatization now) and three for the
 * task assistant (rain and water of one of the user's reservoirs today, this week, yesterday).
 */
import type { TFunction } from 'i18next';
import type { ChatMode } from './chatMachine';

const PROFESSIONAL = ['monitoring', 'matrix', 'twin', 'informatization'] as const;
const TASK = ['today', 'week', 'yesterday'] as const;

/** The questions of a mode; the task ones name `reservoir` (a reservoir of the user's tenant) when it is known. */
export function presetQuestions(t: TFunction, mode: ChatMode, reservoir: string | undefined): string[] {
  if (mode === 'flowChat') return PROFESSIONAL.map((key) => t(`chat.presets.${key}`));
  const name = reservoir ?? t('chat.presets.someReservoir');
  return TASK.map((key) => t(`chat.presets.${key}`, { name }));
}
