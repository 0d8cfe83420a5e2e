/**
 * The workflow pages' strings (locales/<language>/workflow/*.ts), in the chunk of those pages rather than in the
 * language chunk every page waits for: the sign-in page stays within its JavaScript budget. Both languages come
 * together (a few kilobytes), so switching language on a workflow page needs nothing more. The route modules load
 * them (workflowPage.ts) before any workflow page (src/web/router/routes/workflow*.tsx).
 */
import { collect, type TranslationTree } from './collect';

export const workflowStrings: Record<'zh' | 'en', TranslationTree> = {
  zh: collect(import.meta.glob<{ default: TranslationTree }>('./locales/zh/workflow/*.ts', { eager: true })),
  en: collect(import.meta.glob<{ default: TranslationTree }>('./locales/en/workflow/*.ts', { eager: true })),
};
