/**
 * Structure templates (one tree for inspection, maintenance and cleaning,
 * told apart by structType): a child keeps its parent's type; removing a
 * node is refused while it has children or objects made from it, and takes
 * its check points (template items) with it — hooks in the engine's submit
 * and remove.
 */
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { FieldErrors } from './setupRules.js';
import { SETUP_KINDS } from './setupKinds.js';

defineHooks('inspect/structTemplate', {
  beforeChange: async ({ ctx, tx, merged }) => {
    const parentId = String(merged.referId ?? '0');
    if (parentId === '0') return;
    const parent = await localApi(ctx, tx).tenantWide().findById('inspect/structTemplate', parentId);
    if (parent && parent.structType !== merged.structType) {
      const errors = new FieldErrors(ctx.language);
      errors.add('referId', '上级结构的模板类型与本结构不同', "The parent structure's template type differs from this one");
      errors.throwIfAny();
    }
  },
  beforeRemove: async ({ ctx, tx, rows }) => {
    const ids = rows.map((row) => String(row.id));
    const api = localApi(ctx, tx).tenantWide();
    if (await api.exists('inspect/structTemplate', { referId: ids, id: { notIn: ids } })) throw badRequest('请先删除子节点', 'Delete the child entries first');
    for (const kind of SETUP_KINDS) {
      const [used] = await api.find(`${kind}/object`, { where: { structId: ids }, limit: 1 });
      if (used)
        throw badRequest(
          `结构模板已用于对象「${used.objName}」，不能删除`,
          `The structure template is used by the object "${used.objName}" and cannot be removed`,
        );
    }
    const points = await api.find('inspect/templateItem', { where: { templateId: ids } });
    await api.remove(
      'inspect/templateItem',
      points.map((point) => String(point.id)),
    );
  },
});
