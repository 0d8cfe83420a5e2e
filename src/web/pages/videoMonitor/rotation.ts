/**
 * The video wall's rotation (轮巡): the cameras in the saved order, split
 * into groups of as many pictures as the wall shows; each tick shows the
 * next group, and after the last the first again. A last group that is not
 * full is topped up from the start, so every picture of the wall stays in use.
 */
export interface RotationView {
  cameraIds: string[];
  group: number;
  groups: number;
}

export function rotationView(cameraIds: readonly string[], split: number, tick: number): RotationView {
  if (cameraIds.length === 0 || split < 1) return { cameraIds: [], group: 0, groups: 0 };
  const groups = Math.ceil(cameraIds.length / split);
  const group = ((tick % groups) + groups) % groups;
  const start = group * split;
  const shown = Array.from({ length: Math.min(split, cameraIds.length) }, (_, i) => cameraIds[(start + i) % cameraIds.length]);
  return { cameraIds: shown, group: group + 1, groups };
}

/** Manual viewing: the chosen camera first, then the ones shown before it, as many as the wall has pictures. */
export function withChosen(shown: readonly string[], chosen: string, split: number): string[] {
  return [chosen, ...shown.filter((id) => id !== chosen)].slice(0, split);
}
