/**
 * A menu or button as /menu/routes and /menu/buttons return it (SpringBlade
 * MenuVO): category 1 = menu, 2 = button; isOpen 2 = opens a new window.
 */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string | null;
  alias: string;
  path: string;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  children?: MenuNode[];
  hasChildren?: boolean;
}
