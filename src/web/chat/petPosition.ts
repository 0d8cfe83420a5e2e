/**
 * Where the assistant's pet sits: its top-left corner in window pixels, bottom right by default, remembered in
 * local storage and always kept inside the window (after a drag, on load, on resize). Pure; unit tested.
 */
export interface PetPoint {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

export const PET_SIZE = 52;
/** Space left between the pet and the window's edge by default: close to the corner, where pages rarely have controls. */
export const PET_MARGIN = 12;
export const PET_POSITION_KEY = 'chat-pet-position';

export function defaultPetPoint(viewport: Size, size = PET_SIZE): PetPoint {
  return { x: viewport.width - size - PET_MARGIN, y: viewport.height - size - PET_MARGIN };
}

/** The point moved the least so the whole pet is inside the window (the top-left corner when the window is tiny). */
export function clampPetPoint(point: PetPoint, viewport: Size, size = PET_SIZE): PetPoint {
  const clamp = (value: number, max: number) => Math.round(Math.max(0, Math.min(value, max)));
  return { x: clamp(point.x, viewport.width - size), y: clamp(point.y, viewport.height - size) };
}

export function readPetPoint(storage: Storage, viewport: Size): PetPoint {
  try {
    const saved = JSON.parse(storage.getItem(PET_POSITION_KEY) ?? 'null') as PetPoint | null;
    if (saved && Number.isFinite(saved.x) && Number.isFinite(saved.y)) return clampPetPoint(saved, viewport);
  } catch {
    // An unreadable position is no position.
  }
  return defaultPetPoint(viewport);
}

export function savePetPoint(storage: Storage, point: PetPoint): void {
  storage.setItem(PET_POSITION_KEY, JSON.stringify(point));
}

/** A press that moved less than this is a click (opens the menu), more is a drag. */
export const DRAG_THRESHOLD = 4;
export const isDrag = (from: PetPoint, to: PetPoint) => Math.hypot(to.x - from.x, to.y - from.y) >= DRAG_THRESHOLD;
