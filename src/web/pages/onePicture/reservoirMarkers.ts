/** Reservoirs as map markers: placed at their dam, coloured by state, labelled with the name. */
import type { MapMarker } from '../../map';
import { stateColour } from './mapColours';
import type { StatisticRow } from './onePictureApi';

export function reservoirMarkers(rows: StatisticRow[]): MapMarker[] {
  return rows
    .filter((row) => row.latitude !== null && row.longitude !== null)
    .map((row) => ({ id: row.id, lat: Number(row.latitude), lng: Number(row.longitude), label: row.name, status: row.state, color: stateColour(row) }));
}
