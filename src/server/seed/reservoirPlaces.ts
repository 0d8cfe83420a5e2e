/**
 * Hand-placed demo reservoirs: those whose generated place (a random offset
 * from the county centre, seed/reservoirFigures.ts) fell outside the county's
 * outline on the map. Each is moved towards the county centre until it lies
 * well inside (at least ~2 km from the border); tests/unit/demoReservoirPlaces.test.ts
 * checks every demo reservoir against the outlines the console draws.
 * Keyed by county code and reservoir name; [longitude, latitude].
 */
const PLACES: Record<string, [number, number]> = {
  '350524:石门水库': [118.1957, 25.1015],
  '350524:岩前水库': [118.2209, 25.0816],
  '350524:龙潭水库': [118.2448, 25.0388],
  '350524:芦田水库': [118.1961, 25.0279],
  '350524:上洋水库': [118.133, 25.2108],
  '350524:祥华水库': [118.2023, 25.1228],
  '350322:爱溪水库': [118.6104, 25.3237],
  '350322:东坑水库': [118.6652, 25.3121],
  '350322:后坑水库': [118.6766, 25.3059],
  '350322:度峰水库': [118.6852, 25.2953],
  '350322:游洋水库': [118.6806, 25.3037],
  '350322:西苑水库': [118.5078, 25.4159],
  '331181:道太水库': [118.9981, 28.1969],
  '330324:瓯渠水库': [120.8684, 28.2486],
  '330324:茗岙水库': [120.5197, 28.1626],
  '330324:黄田坑水库': [120.8235, 28.1607],
};

/** The hand-placed coordinates of a demo reservoir, or undefined when its generated place is used. */
export function placeOf(countyCode: string, name: string): [number, number] | undefined {
  return PLACES[`${countyCode}:${name}`];
}
