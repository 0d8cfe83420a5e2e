/**
 * The scale of the 1920×1080 stage in the window: the largest that fits both ways (letterbox), recomputed on
 * resize. The stage keeps its design size and is scaled with a CSS transform, so every screen is laid out once.
 */
import { useEffect, useState } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

function fit(): number {
  return Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT);
}

export function useStageScale(): number {
  const [scale, setScale] = useState(fit);
  useEffect(() => {
    const update = () => setScale(fit());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return scale;
}
