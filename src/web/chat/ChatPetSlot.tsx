/**
 * The pet as the shell mounts it (shell/MainLayout.tsx): loaded, with the assistant's strings, only once the
 * signed-in shell shows, so neither the sign-in page nor the shell's own chunk carries the chat.
 */
import { lazy, Suspense } from 'react';
import { withAreaStrings } from '../router/areaPage';

const LazyPet = lazy(() =>
  withAreaStrings(
    () => import('../i18n/areas/chat'),
    () => import('./ChatPet').then((m) => m.ChatPet),
  ),
);

export function ChatPetSlot() {
  return (
    <Suspense fallback={null}>
      <LazyPet />
    </Suspense>
  );
}
