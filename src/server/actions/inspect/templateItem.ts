/**
 * Check points of a structure template: the struct type is always the
 * template's, and configurationIds must be catalogue items of the template's
 * kind (inspect, maintain or clean item) — a hook in the engine's submit,
 * which has checked that the template exists.
 */
import { isIdString } from '../../db/ids.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { FieldErrors, hasDuplicates, idList, missingIds } from './setupRules.js';
import { KIND_LABEL, kindOfStructType } from './setupKinds.js';

defineHooks('inspect/templateItem', {
  // The template decides the kind (and so which catalogue configurationIds name, x-ref-by): set before the engine checks them.
  beforeValidate: async ({ ctx, tx, data, existing }) => {
    const templateId = data.templateId ?? existing?.templateId;
    const template = isIdString(templateId) ? await localApi(ctx, tx).tenantWide().findById('inspect/structTemplate', String(templateId)) : undefined;
    if (template) data.structType = template.structType;
  },
  beforeChange: async ({ ctx, tx, data, merged }) => {
    const errors = new FieldErrors(ctx.language);
    const template = await localApi(ctx, tx).tenantWide().findById('inspect/structTemplate', String(merged.templateId));
    const kind = kindOfStructType(template?.structType);
    if (!template || !kind) {
      errors.add('templateId', '所选结构模板不存在或已被删除', 'The chosen structure template does not exist or was deleted');
      return errors.throwIfAny();
    }
    const items = idList(merged.configurationIds);
    if (!items.isValid || hasDuplicates(items.ids) || (await missingIds(ctx, tx, `${kind}/item`, items.ids)).length > 0) {
      errors.add(
        'configurationIds',
        `对应项目须为本租户的${KIND_LABEL[kind].zh}项目且不能重复`,
        `The items must be ${KIND_LABEL[kind].en} items of the tenant, each once`,
      );
    }
    errors.throwIfAny();
    data.structType = template.structType;
  },
});
