/**
 * After a register is generated its menu and buttons exist on the server:
 * the shell's menus and the caller's button codes are loaded again, as a page
 * reload would, so the new page opens from the menu at once.
 */
import { runInAction } from 'mobx';
import { navigationStore } from '../../shell/navigationStore';

export async function reloadMenus(): Promise<void> {
  runInAction(() => {
    navigationStore.isReady = false;
  });
  await navigationStore.load();
}
