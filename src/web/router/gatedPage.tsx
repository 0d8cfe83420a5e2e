/**
 * A page inside the main layout that only users whose menus hold its path may open (MenuGate), loaded on demand
 * with a spinner in its place meanwhile. Every area's menu-granted pages go through it. `menuPath`: the menu path
 * that grants a page whose address carries parameters (default: the address itself).
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';

const MenuGate = lazy(() => import('../renderers/MenuGate').then((m) => ({ default: m.MenuGate })));

export function gatedPage(element: ReactNode, menuPath?: string) {
  return (
    <Suspense fallback={<Spin className="shell-loading" />}>
      <MenuGate menuPath={menuPath}>{element}</MenuGate>
    </Suspense>
  );
}
