/**
 * The link of a reference cell for the signed-in user: the referenced row's detail page when their menus hold it
 * (referenceLinks.ts), else none. Kept apart from the table so the table's pure parts load without the session.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import { resolveMenuPath } from '../router/menuRoutes';
import { navigationStore } from '../shell/navigationStore';
import { referenceDetailPath } from './referenceLinks';

export type ReferenceLink = (field: ClientFieldSchema, value: unknown) => string | undefined;

function isGrantedPath(path: string): boolean {
  return resolveMenuPath(navigationStore.routeMenus, path).kind === 'page';
}

export const referenceLinkOfUser: ReferenceLink = (field, value) => referenceDetailPath(field, value, isGrantedPath);
