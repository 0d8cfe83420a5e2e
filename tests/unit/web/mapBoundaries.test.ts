/**
 * The offline map's region lookup (src/web/map/boundaries.ts): which shipped
 * outline file holds a region code and which of its features are drawn; the
 * shipped files themselves (small, every feature named by its code); the
 * trail rows and positioned photos the record pages draw; the tile server
 * setting.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryFileOf, featuresOf, loadBoundaries, normalizeRegionCode, type RegionCollection } from '../../../src/web/map/boundaries';
import { fitTargetOf, trackLatLngs } from '../../../src/web/map/mapLogic';
import { positionedPhotosOf, trackPointsOf } from '../../../src/web/map/trackRows';
import { usableTileUrl } from '../../../src/web/map/tileSource';
import { mapTileSource, mapTileUrlFromEnv } from '../../../src/server/system/mapTiles';

const GEO = path.resolve(import.meta.dirname, '../../../src/web/map/geo');
const read = (code: string) => JSON.parse(readFileSync(path.join(GEO, `${code}.json`), 'utf8')) as RegionCollection;

describe('region codes', () => {
  it('reads 2-, 4- and 6-digit codes and blade_region’s zero-padded forms', () => {
    expect(normalizeRegionCode('35')).toBe('35');
    expect(normalizeRegionCode('350000')).toBe('35');
    expect(normalizeRegionCode('350300')).toBe('3503');
    expect(normalizeRegionCode('350322')).toBe('350322');
    expect(normalizeRegionCode('350322000000')).toBe('350322');
    expect(normalizeRegionCode('3')).toBeUndefined();
    expect(normalizeRegionCode('35x')).toBeUndefined();
  });

  it('finds the file holding a region: the province’s, the city’s own, a county’s city, else its province', () => {
    const shipped = new Set(['35', '33', '3503', '3505', '3303', '3311']);
    expect(boundaryFileOf('35', shipped)).toBe('35');
    expect(boundaryFileOf('3503', shipped)).toBe('3503');
    expect(boundaryFileOf('350322', shipped)).toBe('3503');
    expect(boundaryFileOf('331181', shipped)).toBe('3311');
    expect(boundaryFileOf('3501', shipped)).toBe('35'); // 福州: drawn from the province file
    expect(boundaryFileOf('350102', shipped)).toBe('35');
    expect(boundaryFileOf('110101', shipped)).toBeUndefined();
  });

  it('draws all of a file for its own region and only the matching features otherwise', () => {
    const putian = read('3503');
    expect(featuresOf(putian, '3503', '3503')).toHaveLength(putian.features.length);
    expect(featuresOf(putian, '3503', '350322').map((f) => f.properties.name)).toEqual(['仙游县']);
    const fujian = read('35');
    expect(featuresOf(fujian, '35', '350102').map((f) => f.properties.code)).toEqual(['3501']);
  });

  it('loads the demo counties’ outlines lazily by code', async () => {
    const features = await loadBoundaries(['350322', '350524', '330324', '331181', '990000']);
    expect(features.map((f) => [f.properties.code, f.properties.name])).toEqual([
      ['350322', '仙游县'],
      ['350524', '安溪县'],
      ['330324', '永嘉县'],
      ['331181', '龙泉市'],
    ]);
  });
});

describe('shipped outlines', () => {
  it('are the two provinces and four cities, a few hundred KB in all, every feature a named MultiPolygon', () => {
    const files = readdirSync(GEO).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(['33.json', '3303.json', '3311.json', '35.json', '3503.json', '3505.json']);
    expect(files.reduce((total, file) => total + statSync(path.join(GEO, file)).size, 0)).toBeLessThan(400 * 1024);
    for (const file of files) {
      for (const feature of read(file.replace('.json', '')).features) {
        expect(feature.properties.code).toMatch(/^\d{4}(\d{2})?$/);
        expect(feature.geometry.type).toBe('MultiPolygon');
        expect(feature.geometry.coordinates.length).toBeGreaterThan(0);
      }
    }
  });

  it('put 仙游县 where it is (around 118.7°E 25.4°N)', () => {
    const xianyou = read('3503').features.find((f) => f.properties.code === '350322')!;
    const ring = xianyou.geometry.coordinates[0][0];
    const lngs = ring.map(([lng]) => lng);
    const lats = ring.map(([, lat]) => lat);
    expect(Math.min(...lngs)).toBeGreaterThan(118.3);
    expect(Math.max(...lngs)).toBeLessThan(119.1);
    expect(Math.min(...lats)).toBeGreaterThan(25.1);
    expect(Math.max(...lats)).toBeLessThan(25.8);
  });
});

describe('trails on the record pages', () => {
  it('draws the rows’ points in order, skipping rows without coordinates', () => {
    const rows = [
      { seq: 1, lng: 118.1, lat: 25.1, time: '2026-05-01 08:00:00' },
      { seq: 2, lng: null, lat: 25.2 },
      { seq: 3, lng: '118.3', lat: '25.3' },
    ];
    expect(trackPointsOf(rows)).toEqual([
      { lng: 118.1, lat: 25.1, time: '2026-05-01 08:00:00' },
      { lng: 118.3, lat: 25.3 },
    ]);
    expect(
      trackLatLngs([
        { lat: 25.1, lng: 118.1 },
        { lat: 95, lng: 118 },
      ]),
    ).toEqual([[25.1, 118.1]]);
  });

  it('places the photos of positioned item results, titled by the item', () => {
    const record = {
      id: '1',
      itemResults: [
        { itemName: '坝顶', lng: 118.1, lat: 25.1, photos: ['/a.svg', '/b.svg'] },
        { itemName: '溢洪道', lng: null, lat: null, photos: ['/c.svg'] },
      ],
    };
    expect(positionedPhotosOf(record)).toEqual([
      { lng: 118.1, lat: 25.1, url: '/a.svg', title: '坝顶' },
      { lng: 118.1, lat: 25.1, url: '/b.svg', title: '坝顶' },
    ]);
  });

  it('fits tracks first, then markers, then regions unless told', () => {
    expect(fitTargetOf({ tracks: [{ id: 't', points: [{ lat: 1, lng: 1 }] }], markers: [{ id: 'm', lat: 1, lng: 1 }] })).toBe('tracks');
    expect(fitTargetOf({ markers: [{ id: 'm', lat: 1, lng: 1 }] })).toBe('markers');
    expect(fitTargetOf({})).toBe('regions');
    expect(fitTargetOf({ fitTo: 'regions', markers: [{ id: 'm', lat: 1, lng: 1 }] })).toBe('regions');
  });
});

describe('tile server', () => {
  it('is used only as an http(s) template with {z}/{x}/{y}', () => {
    expect(usableTileUrl('https://tiles.example.cn/{z}/{x}/{y}.png')).toBe('https://tiles.example.cn/{z}/{x}/{y}.png');
    expect(usableTileUrl('javascript:alert(1)//{z}{x}{y}')).toBeUndefined();
    expect(usableTileUrl('https://tiles.example.cn/tile.png')).toBeUndefined();
    expect(usableTileUrl(null)).toBeUndefined();
  });

  it('is read from MAP_TILE_URL, refused when malformed, and allowed in img-src by its origin only', () => {
    expect(mapTileUrlFromEnv({})).toBeUndefined();
    expect(mapTileUrlFromEnv({ MAP_TILE_URL: 'http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png' })).toBe('http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png');
    expect(() => mapTileUrlFromEnv({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
    expect(mapTileSource('http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8081');
    expect(mapTileSource('https://{s}.tiles.example.cn/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.cn');
  });
});
