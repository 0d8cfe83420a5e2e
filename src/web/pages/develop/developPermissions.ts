/** The caller's button codes (loaded with the menus), for the code generator's pages. */
import { sessionStore } from '../../stores/sessionStore';

export function hasButton(code: string): boolean {
  return sessionStore.permission[code] === true;
}
