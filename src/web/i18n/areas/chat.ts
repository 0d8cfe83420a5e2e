/**
 * The AI assistant's strings (locales/<language>/chat/*.ts: the pet, the dialog, the big screens' icons), loaded with
 * the assistant itself (chat/ChatPetSlot.tsx, chat/ScreenAssistantIcons.tsx).
 */
import { collect, type TranslationTree } from '../collect';
import type { AreaStrings } from '../areaStrings';

const strings: AreaStrings = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('../locales/zh/chat/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('../locales/en/chat/*.ts', { eager: true })),
};

export default strings;
