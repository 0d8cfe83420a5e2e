/** The saved fields of a data model, as the console's prototype editor and the generator read them. */
import type { Queryable } from '../../db/pool.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { outputFields, selectList } from '../../engine/sqlBuilder.js';

let prototype: EntityModel | undefined;

export async function savedPrototypes(db: Queryable, modelId: string): Promise<Record<string, unknown>[]> {
  prototype ??= entityModel('develop/modelPrototype');
  const result = await db.query(
    `SELECT ${selectList(outputFields(prototype))} FROM blade_model_prototype WHERE model_id = $1 AND is_deleted = 0 ORDER BY sort, create_time, id`,
    [modelId],
  );
  return result.rows;
}
