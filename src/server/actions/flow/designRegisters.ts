/**
 * The rules of the smaller workflow design registers, as hooks of their generic operations:
 * - flow/category: a category that models, forms or deployments still name cannot be removed (the engine
 *   already refuses one with children);
 * - flow/condition: the expression must parse (contract 14 §4, parseCondition: 400 naming the problem);
 * - flow/formDefaultValue: a fixed default needs its value; a default a form still names cannot be removed;
 * - flow/proxy: the end is not before the start (a proxy naming the principal as its own proxy is harmless: activeProxyFor
 *   never hands a task back to the same person);
 * and the designers' listType reads (conditions, default values grouped by their type).
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { parseCondition } from '../../workflow/bpmn/conditions.js';
import { VALUE_FIXED } from '../../workflow/design/formDefaults.js';

const idsOfRows = (rows: Record<string, unknown>[]) => rows.map((row) => String(row.id));

defineHooks('flow/category', {
  async beforeRemove({ ctx, tx, rows }) {
    const api = localApi(ctx, tx).tenantWide();
    const categoryId = idsOfRows(rows);
    const used =
      (await api.count('flow/model', { categoryId })) + (await api.count('flow/form', { categoryId })) + (await api.count('flow/deployment', { categoryId }));
    if (used > 0)
      throw badRequest('该分类下还有流程模型、表单或部署，不能删除', 'Models, forms or deployments still belong to this category; it cannot be removed');
  },
});

defineHooks('flow/condition', {
  async beforeChange({ merged }) {
    parseCondition(String(merged.expression ?? ''));
  },
});

defineHooks('flow/formDefaultValue', {
  async beforeChange({ merged, ctx }) {
    if (Number(merged.valueType) === VALUE_FIXED && (merged.fixedValue === undefined || merged.fixedValue === null || merged.fixedValue === '')) {
      const message = { zh: '固定值类型须填写固定值', en: 'A fixed default needs its value' };
      throw badRequest(message.zh, message.en, { errors: [{ field: 'fixedValue', message: message[ctx.language] }] });
    }
  },
  async beforeRemove({ ctx, tx, rows }) {
    const api = localApi(ctx, tx).tenantWide();
    for (const row of rows) {
      const key = String(row.default_key);
      // Form contents are stored as JSON.stringify writes them: `"x-default":"<key>"` is how a field names it.
      const naming = await api.find('flow/form', { where: { content: { like: `"x-default":"${key}"` } }, limit: 1 });
      if (naming.length)
        throw badRequest(
          `表单「${naming[0].name}」还在使用默认值「${key}」，不能删除`,
          `The form "${naming[0].name}" still uses the default "${key}"; it cannot be removed`,
        );
    }
  },
});

defineHooks('flow/proxy', {
  async beforeChange({ merged }) {
    if (merged.startTime && merged.endTime && String(merged.endTime) < String(merged.startTime))
      throw badRequest('结束时间不能早于开始时间', 'The end cannot be before the start');
  },
});

/** Rows grouped by a type field, in the order of the types. */
function groupedBy<T extends Record<string, unknown>>(rows: T[], field: keyof T & string, listName: string) {
  const groups = new Map<unknown, T[]>();
  for (const row of rows) groups.set(row[field], [...(groups.get(row[field]) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([type, items]) => ({ [field]: type, [listName]: items }));
}

async function conditionListType(ctx: ActionContext) {
  const rows = await localApi(ctx).find('flow/condition', { sort: ['name asc'], limit: 2000 });
  return groupedBy(rows as unknown as Record<string, unknown>[], 'conditionType', 'conditions');
}

async function defaultValueListType(ctx: ActionContext) {
  const rows = await localApi(ctx).find('flow/formDefaultValue', { sort: ['name asc'], limit: 2000 });
  return groupedBy(rows as unknown as Record<string, unknown>[], 'valueType', 'values');
}

defineActions('flow/condition', { listType: conditionListType });
defineActions('flow/formDefaultValue', { listType: defaultValueListType });
