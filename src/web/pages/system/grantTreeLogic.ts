/**
 * The pure rules of the grant trees (role grant, top menu grant, tenant
 * package): a checkbox tree where checking a menu checks everything under
 * it. What a role holds is shown by checking the held leaves (a held parent
 * whose children are not all held shows half-checked, not checked); what is
 * saved is every checked node and its ancestors, so a granted button always
 * comes with the menus leading to it.
 */
import type { TreeNode } from '../../../shared/envelope';

export interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

function walk(nodes: readonly GrantNode[], visit: (node: GrantNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.children ?? [], visit);
  }
}

/** The tree as the checkbox tree takes it (keys and titles of the server's TreeNodes). */
export function toGrantNodes(nodes: readonly TreeNode[] | undefined): GrantNode[] {
  return (nodes ?? []).map((node) => ({
    key: String(node.key ?? node.id),
    title: node.title,
    ...(node.children?.length ? { children: toGrantNodes(node.children) } : {}),
  }));
}

/**
 * The leaves among the keys, in tree order: what to check when showing held
 * keys (a parent's state follows its children), and what a scope tree grants
 * (scopes are grouped under their menu; only the scopes are granted).
 */
export function checkedLeafKeys(tree: readonly GrantNode[], held: Iterable<string>): string[] {
  const heldSet = new Set(held);
  const leaves: string[] = [];
  walk(tree, (node) => {
    if (!node.children?.length && heldSet.has(node.key)) leaves.push(node.key);
  });
  return leaves;
}

/**
 * What a save sends: the checked keys and every ancestor of one (the menus
 * leading to a granted button), each once, in tree order.
 */
export function grantedKeys(tree: readonly GrantNode[], checked: Iterable<string>): string[] {
  const chosen = new Set(checked);
  const keys: string[] = [];
  const visit = (nodes: readonly GrantNode[]): boolean => {
    let hasChosen = false;
    for (const node of nodes) {
      const at = keys.length;
      const isBelowChosen = visit(node.children ?? []);
      if (chosen.has(node.key) || isBelowChosen) {
        keys.splice(at, 0, node.key);
        hasChosen = true;
      }
    }
    return hasChosen;
  };
  visit(tree);
  return keys;
}

/** Every key of the tree (for expand all). */
export function allKeys(tree: readonly GrantNode[]): string[] {
  const keys: string[] = [];
  walk(tree, (node) => keys.push(node.key));
  return keys;
}

/** The union of what several roles hold (the dialog shows it for a multi-role grant). */
export function unionOf(lists: readonly (readonly string[] | undefined)[]): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []))];
}
