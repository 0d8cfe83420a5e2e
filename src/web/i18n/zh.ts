/** The Chinese strings, in a chunk of their own: the console loads only the language it shows. */
import { collect, type TranslationTree } from './collect';

const zh: TranslationTree = collect(import.meta.glob<{ default: TranslationTree }>('./locales/zh/*.ts', { eager: true }));
export default zh;
