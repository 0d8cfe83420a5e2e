/** The English strings, in a chunk of their own: the console loads only the language it shows. */
import { collect, type TranslationTree } from './collect';

const en: TranslationTree = collect(import.meta.glob<{ default: TranslationTree }>('./locales/en/*.ts', { eager: true }));
export default en;
