/**
 * The one-picture map's calls and the map supervision views (business-domain §2 and §7), declared as x-api
 * bindings on the reservoir register (schemas/reservoir/reservoir.json: paths, menus and the button of saveNotice).
 */
import { defineActions } from '../../engine/actions.js';
import { getAdCode } from './adCode.js';
import { screenCameras } from './cameras.js';
import { getInsUserCount, getInsUserVO } from './inspectors.js';
import { getEventList, getRegionCount, getStationList } from './mapViews.js';
import { getNotice, saveNotice } from './notice.js';
import { getUserByReservoirId } from './people.js';
import { getDays } from './safeDays.js';
import { getInfoCount, getStatisticList, screenStatistics } from './statistics.js';

defineActions('reservoir/reservoir', {
  getUserByReservoirId,
  getDays,
  getInfoCount,
  getStatisticList,
  getInsUserCount,
  getInsUserVO,
  getNotice,
  saveNotice,
  getAdCode,
  screenStatistics,
  screenCameras,
  getRegionCount,
  getEventList,
  getStationList,
});
