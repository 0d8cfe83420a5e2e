/**
 * The chat dialog, loaded the first time it opens: the pet and the screens' icons are on every page, the dialog
 * (Markdown, the stream reader, the history drawer) only when someone asks.
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ChatDialog } from './ChatDialog';

const ChatDialogChunk = lazy(() => import('./ChatDialog').then((m) => ({ default: m.ChatDialog })));

export function LazyChatDialog(props: ComponentProps<typeof ChatDialog>) {
  const [wasOpened, setOpened] = useState(props.open);
  if (props.open && !wasOpened) setOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialogChunk {...props} />
    </Suspense>
  );
}
