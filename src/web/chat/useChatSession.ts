/** The dialog's chat session (chatSession.ts) as React state: one session per dialog, disposed (aborting) with it. */
import i18next from 'i18next';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { streamAnswer } from './chatApi';
import type { ChatAccess } from './chatAccess';
import { saveConversation } from './chatHistory';
import { stationNow } from '../config/stationClock';
import type { ChatMode, ChatState } from './chatMachine';
import { ChatSession } from './chatSession';

/** Message times on the stations' clock, as the server stamps the conversation. */
export const chatNow = () => stationNow();

export function useChatSession(mode: ChatMode, access: ChatAccess): { session: ChatSession; state: ChatState } {
  const [session] = useState(
    () =>
      new ChatSession(mode, {
        stream: (request) => streamAnswer(access.credentials, request),
        busyText: () => i18next.t('chat.busy'),
        now: chatNow,
        onAnswered: (answeredMode, conversationId, messages) => saveConversation(localStorage, access.owner, answeredMode, conversationId, messages),
      }),
  );
  useEffect(() => () => session.dispose(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return { session, state };
}
