/**
 * The assistant's two icons for the big screens' frame (screens/ScreenFrame): loaded with the assistant's strings
 * when the frame shows, so a screen's first paint does not wait for the chat.
 */
import { lazy, Suspense } from 'react';
import { withAreaStrings } from '../router/areaPage';
import type { ScreenIconsProps } from './ScreenIcons';

const LazyIcons = lazy(() =>
  withAreaStrings(
    () => import('../i18n/areas/chat'),
    () => import('./ScreenIcons').then((m) => m.ScreenIcons),
  ),
);

export function ScreenAssistantIcons(props: ScreenIconsProps) {
  return (
    <Suspense fallback={null}>
      <LazyIcons {...props} />
    </Suspense>
  );
}
