/**
 * The video wall's rotation (轮巡) and the AI alarm search: which cameras the
 * wall shows at each tick, and how the search form becomes the page query.
 */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rotationView, withChosen } from '../../../src/web/pages/videoMonitor/rotation';
import { cameraOptions, defaultEventTitle, warningQuery } from '../../../src/web/pages/videoMonitor/warningFilters';

describe('rotation', () => {
  const cameras = ['a', 'b', 'c', 'd', 'e'];

  it('shows the cameras group by group in the saved order, then starts again', () => {
    expect(rotationView(cameras, 4, 0)).toEqual({ cameraIds: ['a', 'b', 'c', 'd'], group: 1, groups: 2 });
    expect(rotationView(cameras, 1, 3)).toEqual({ cameraIds: ['d'], group: 4, groups: 5 });
    expect(rotationView(cameras, 1, 5)).toEqual({ cameraIds: ['a'], group: 1, groups: 5 });
  });

  it('tops a last group up from the start so every picture stays in use', () => {
    expect(rotationView(cameras, 4, 1)).toEqual({ cameraIds: ['e', 'a', 'b', 'c'], group: 2, groups: 2 });
  });

  it('fills a wall of 16 pictures the same way', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `c${i + 1}`);
    expect(rotationView(twenty, 16, 0).cameraIds).toEqual(twenty.slice(0, 16));
    expect(rotationView(twenty, 16, 1)).toEqual({ cameraIds: [...twenty.slice(16), ...twenty.slice(0, 12)], group: 2, groups: 2 });
  });

  it('shows fewer pictures than the wall has when there are fewer cameras, and nothing without cameras', () => {
    expect(rotationView(['a', 'b'], 9, 7).cameraIds).toEqual(['a', 'b']);
    expect(rotationView([], 4, 0)).toEqual({ cameraIds: [], group: 0, groups: 0 });
  });

  it('puts a chosen camera first when viewing by hand', () => {
    expect(withChosen(['a', 'b', 'c', 'd'], 'c', 4)).toEqual(['c', 'a', 'b', 'd']);
    expect(withChosen(['a', 'b', 'c', 'd'], 'e', 4)).toEqual(['e', 'a', 'b', 'c']);
    expect(withChosen(['a'], 'b', 1)).toEqual(['b']);
  });
});

describe('alarm search', () => {
  it('leaves out empty fields and turns the days into alarmTime bounds', () => {
    expect(warningQuery({})).toEqual({});
    expect(warningQuery({ reservoirId: 'r1', cameraId: '', alarmType: 3, handleStatus: 0, range: [dayjs('2026-11-01'), dayjs('2026-11-03')] })).toEqual({
      reservoirId: 'r1',
      alarmType: '3',
      handleStatus: '0',
      alarmTime_datege: '2026-11-01 00:00:00',
      alarmTime_datele: '2026-11-03 23:59:59',
    });
  });

  it('offers one reservoir’s cameras, or all with their reservoir', () => {
    const tree = [
      { id: 'r1', parentId: '0', title: '石门水库', key: 'r1', value: 'r1', children: [{ id: 'c1', parentId: 'r1', title: '坝顶', key: 'c1', value: 'c1' }] },
      { id: 'r2', parentId: '0', title: '后溪水库', key: 'r2', value: 'r2', children: [{ id: 'c2', parentId: 'r2', title: '库区', key: 'c2', value: 'c2' }] },
    ];
    expect(cameraOptions(tree, 'r2')).toEqual([{ value: 'c2', label: '库区' }]);
    expect(cameraOptions(tree).map((o) => o.label)).toEqual(['石门水库 / 坝顶', '后溪水库 / 库区']);
  });

  it('titles the event by the alarm type and what was seen, within 100 characters', () => {
    expect(defaultEventTitle('垂钓', '坝前有人垂钓')).toBe('垂钓：坝前有人垂钓');
    expect(defaultEventTitle('烟火', null)).toBe('烟火');
    expect(defaultEventTitle('其他', 'x'.repeat(200))).toHaveLength(100);
  });
});
