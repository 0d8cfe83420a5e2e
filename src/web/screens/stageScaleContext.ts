/** The stage's scale (useStageScale.ts) for what draws in pixels inside it (charts). */
import { createContext, useContext } from 'react';

export const StageScaleContext = createContext(1);

export function useStageScaleContext(): number {
  return useContext(StageScaleContext);
}
