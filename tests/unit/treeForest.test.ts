import { describe, expect, it } from 'vitest';
import { buildForest } from '../../src/server/engine/operations/treeOperations.js';

interface Node {
  id: string;
  parentId: string;
  children?: Node[];
  hasChildren?: boolean;
}

function node(id: string, parentId: string): Node {
  return { id, parentId };
}

function forestOf(nodes: Node[]): Node[] {
  return buildForest(
    nodes,
    (n) => n.id,
    (n) => n.parentId,
  );
}

function ids(nodes: Node[] | undefined): string[] {
  return (nodes ?? []).map((n) => n.id);
}

describe('buildForest', () => {
  it('returns the rows under parent 0 as roots', () => {
    expect(ids(forestOf([node('1', '0'), node('2', '0')]))).toEqual(['1', '2']);
  });

  it('attaches each row to its parent', () => {
    const [root] = forestOf([node('1', '0'), node('2', '1'), node('3', '2')]);

    expect(ids(root.children)).toEqual(['2']);
    expect(ids(root.children?.[0].children)).toEqual(['3']);
  });

  it('marks parents with hasChildren and leaves leaves unmarked', () => {
    const [root] = forestOf([node('1', '0'), node('2', '1')]);
    const leaf = root.children![0];

    expect(root.hasChildren).toBe(true);
    expect(leaf.hasChildren).toBeUndefined();
    expect(leaf.children).toBeUndefined();
  });

  it('attaches a child listed before its parent', () => {
    const forest = forestOf([node('2', '1'), node('1', '0')]);

    expect(ids(forest)).toEqual(['1']);
    expect(ids(forest[0].children)).toEqual(['2']);
  });

  it('turns rows whose parent is absent into roots', () => {
    const forest = forestOf([node('1', '0'), node('5', '999'), node('6', '5')]);

    expect(ids(forest)).toEqual(['1', '5']);
    expect(ids(forest[1].children)).toEqual(['6']);
  });

  it('turns a row that names itself as parent into a root instead of a loop', () => {
    const [self] = forestOf([node('7', '7')]);

    expect(self.id).toBe('7');
    expect(self.children).toBeUndefined();
  });

  it('keeps the input order among roots and among siblings', () => {
    const forest = forestOf([node('3', '0'), node('1', '0'), node('c', '3'), node('a', '3'), node('b', '3'), node('2', '0')]);

    expect(ids(forest)).toEqual(['3', '1', '2']);
    expect(ids(forest[0].children)).toEqual(['c', 'a', 'b']);
  });

  it('places every row exactly once', () => {
    const rows = [node('1', '0'), node('2', '1'), node('3', '1'), node('4', '3'), node('5', 'gone')];
    const seen: string[] = [];
    const walk = (nodes: Node[]) => nodes.forEach((n) => (seen.push(n.id), walk(n.children ?? [])));

    walk(forestOf(rows));

    expect(seen.sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('returns an empty forest for no rows', () => {
    expect(forestOf([])).toEqual([]);
  });
});
