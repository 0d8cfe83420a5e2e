/**
 * The grant dialogs' tree rules (role grant, top menus, tenant packages):
 * what a role holds is shown by its held leaves, and what a save sends is
 * every checked node with the menus leading to it, scopes alone.
 */
import { describe, expect, it } from 'vitest';
import { allKeys, checkedLeafKeys, grantedKeys, toGrantNodes, unionOf, type GrantNode } from '../../../src/web/pages/system/grantTreeLogic';

// 系统管理 → 岗位管理 → add, delete; 系统管理 → 用户管理 (no buttons); 日志
const menus: GrantNode[] = [
  {
    key: 'system',
    title: '系统管理',
    children: [
      {
        key: 'post',
        title: '岗位管理',
        children: [
          { key: 'post_add', title: '新增' },
          { key: 'post_delete', title: '删除' },
        ],
      },
      { key: 'user', title: '用户管理' },
    ],
  },
  { key: 'log', title: '日志' },
];

describe('showing what roles hold', () => {
  it('checks held leaves only, so a partly held menu shows half-checked', () => {
    expect(checkedLeafKeys(menus, ['system', 'post', 'post_add'])).toEqual(['post_add']);
    expect(checkedLeafKeys(menus, ['system', 'user', 'log'])).toEqual(['user', 'log']);
  });

  it('ignores keys the tree does not show (beyond the caller’s reach)', () => {
    expect(checkedLeafKeys(menus, ['elsewhere', 'log'])).toEqual(['log']);
  });

  it('several roles: the union of what they hold', () => {
    expect(unionOf([['a', 'b'], undefined, ['b', 'c']])).toEqual(['a', 'b', 'c']);
  });
});

describe('what a save sends', () => {
  it('a button comes with the menus leading to it, in tree order', () => {
    expect(grantedKeys(menus, ['post_add'])).toEqual(['system', 'post', 'post_add']);
  });

  it('a fully checked menu (as the tree reports it) with everything under it that is checked', () => {
    expect(grantedKeys(menus, ['post', 'post_add', 'post_delete', 'log'])).toEqual(['system', 'post', 'post_add', 'post_delete', 'log']);
  });

  it('nothing checked sends nothing (clears the grant)', () => {
    expect(grantedKeys(menus, [])).toEqual([]);
  });

  it('scopes grouped under their menu: only the scopes', () => {
    const scopes: GrantNode[] = [
      {
        key: 'menu1',
        title: '用户管理',
        children: [
          { key: 's1', title: '本部门' },
          { key: 's2', title: '本人' },
        ],
      },
    ];
    expect(checkedLeafKeys(scopes, ['menu1', 's1', 's2'])).toEqual(['s1', 's2']);
  });
});

describe('the server’s trees', () => {
  it('become checkbox nodes by key and title', () => {
    const nodes = toGrantNodes([
      { id: '1', parentId: '0', title: '系统管理', key: '1', value: '1', children: [{ id: '2', parentId: '1', title: '岗位管理', key: '2', value: '2' }] },
    ]);
    expect(nodes).toEqual([{ key: '1', title: '系统管理', children: [{ key: '2', title: '岗位管理' }] }]);
    expect(allKeys(nodes)).toEqual(['1', '2']);
    expect(toGrantNodes(undefined)).toEqual([]);
  });
});
