/**
 * screen/cameras: the chosen reservoir's cameras for its panel on the map (name, position, online state, PTZ),
 * by their sort order. The live picture itself comes from the camera register's viewLife, which checks the
 * camera menu as every live address does.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { onlyParams, requiredReservoirId } from './params.js';
import { visibleReservoir } from './reservoirs.js';
import type { PanelCamera } from '../../../shared/onePictureAnswers.js';

/** A reservoir has a handful of cameras; the panel shows at most this many. */
export const MAX_PANEL_CAMERAS = 100;

export async function screenCameras(ctx: ActionContext): Promise<PanelCamera[]> {
  onlyParams(ctx.query, ['reservoirId']);
  const reservoir = await visibleReservoir(ctx, requiredReservoirId(ctx.query));
  const cameras = await localApi(ctx).find('camera/camera', { where: { reservoirId: reservoir.id }, sort: ['sort asc'], limit: MAX_PANEL_CAMERAS });
  return cameras.map((camera) => ({
    id: String(camera.id),
    name: camera.name,
    position: camera.position ?? null,
    onlineStatus: camera.onlineStatus ?? null,
    ptz: camera.ptz ?? null,
  }));
}
