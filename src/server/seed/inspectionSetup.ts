/**
 * Demo inspection, maintenance and cleaning setup for each demo tenant:
 * frequencies, item catalogues, item groups, structure templates with their
 * check points, objects for the tenant's reservoirs (looked up in the
 * database, seeded before by reservoirs.ts) and a few inspection plans in
 * each state. Idempotent: rows are matched by their natural keys (part and
 * name, group name, parent and name …) and only missing ones are written,
 * in one bulk insert per table and tenant.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { SETUP_KINDS, STRUCT_TYPE, type SetupKind } from '../actions/inspect/setupKinds.js';
import { insertRows } from './insertRows.js';
import { setupFrequencies, setupGroups, setupItems, setupPlans, setupTemplates, type TemplateSeed } from './inspectionSetupData.js';

/** Who the demo rows were created by: the tenant's admin, in its department. */
interface Owner {
  tenantId: string;
  userId: string;
  deptId: string | null;
}

interface Reservoir {
  id: string;
  name: string;
}

const table = (schemaId: string) => entityModel(schemaId).table;

async function keyedIds(db: DbClient, sql: string, values: unknown[]): Promise<Map<string, string>> {
  const result = await db.query<{ key: string; id: string }>(sql, values);
  return new Map(result.rows.map((row) => [row.key, row.id]));
}

function ownerColumns(owner: Owner): unknown[] {
  return [owner.tenantId, owner.userId, owner.deptId, owner.userId];
}
const OWNER_COLUMNS = ['tenant_id', 'create_user', 'create_dept', 'update_user'];

async function seedFrequencies(db: DbClient, owner: Owner): Promise<void> {
  const name = table('inspect/frequency');
  const present = await keyedIds(
    db,
    `SELECT reservoir_scale || ':' || season AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`,
    [owner.tenantId],
  );
  const rows = setupFrequencies
    .filter((f) => !present.has(`${f.reservoirScale}:${f.season}`))
    .map((f) => [nextId(), ...ownerColumns(owner), f.reservoirScale, f.season, f.frequency, f.remark]);
  await insertRows(db, name, ['id', ...OWNER_COLUMNS, 'reservoir_scale', 'season', 'frequency', 'remark'], rows);
}

/** The kind's catalogue; answers `damPart:itemName` → id for every item, old and new. */
async function seedItems(db: DbClient, owner: Owner, kind: SetupKind): Promise<Map<string, string>> {
  const name = table(`${kind}/item`);
  const ids = await keyedIds(
    db,
    `SELECT dam_part || ':' || item_name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`,
    [owner.tenantId],
  );
  const rows: unknown[][] = [];
  setupItems[kind].forEach((item, index) => {
    const key = `${item.damPart}:${item.itemName}`;
    if (ids.has(key)) return;
    const id = nextId();
    ids.set(key, id);
    rows.push([id, ...ownerColumns(owner), item.itemName, item.damPart, item.content, item.method ?? null, item.needPhoto ?? 0, (index + 1) * 10]);
  });
  await insertRows(db, name, ['id', ...OWNER_COLUMNS, 'item_name', 'dam_part', 'content', 'method', 'need_photo', 'sort'], rows);
  return ids;
}

/** The kind's item groups; answers group name → id. */
async function seedGroups(db: DbClient, owner: Owner, kind: SetupKind, itemIds: Map<string, string>): Promise<Map<string, string>> {
  const name = table(`${kind}/itemGroup`);
  const ids = await keyedIds(db, `SELECT name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`, [owner.tenantId]);
  const byName = new Map(setupItems[kind].map((item) => [item.itemName, itemIds.get(`${item.damPart}:${item.itemName}`)!]));
  const typeColumn = kind === 'inspect' ? 'inspect_type' : kind === 'maintain' ? 'maintain_type' : undefined;
  const rows: unknown[][] = [];
  setupGroups[kind].forEach((group, index) => {
    if (ids.has(group.name)) return;
    const id = nextId();
    ids.set(group.name, id);
    const members = group.items === '*' ? [...byName.values()] : group.items.map((item) => byName.get(item)!);
    const typeValue = typeColumn ? [group.type ?? 1] : [];
    rows.push([
      id,
      ...ownerColumns(owner),
      group.name,
      ...typeValue,
      group.damType ?? null,
      JSON.stringify(members),
      members.length,
      index + 1,
      group.remark ?? null,
    ]);
  });
  const columns = ['id', ...OWNER_COLUMNS, 'name', ...(typeColumn ? [typeColumn] : []), 'dam_type', 'item_ids', 'item_count', 'sort', 'remark'];
  await insertRows(db, name, columns, rows);
  return ids;
}

interface PlacedTemplate {
  id: string;
  seed: TemplateSeed;
  isTop: boolean;
}

/** The kind's structure-template tree, parents before children; answers every node with its id. */
async function seedTemplates(db: DbClient, owner: Owner, kind: SetupKind): Promise<PlacedTemplate[]> {
  const name = table('inspect/structTemplate');
  const structType = STRUCT_TYPE[kind];
  const ids = await keyedIds(
    db,
    `SELECT refer_id || ':' || name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND struct_type = $2 AND is_deleted = 0`,
    [owner.tenantId, structType],
  );
  const placed: PlacedTemplate[] = [];
  const rows: unknown[][] = [];
  const place = (nodes: TemplateSeed[], parentId: string) =>
    nodes.forEach((node, index) => {
      const key = `${parentId}:${node.name}`;
      let id = ids.get(key);
      if (!id) {
        id = nextId();
        rows.push([id, ...ownerColumns(owner), node.name, parentId, structType, node.relation ?? null, (index + 1) * 10]);
      }
      placed.push({ id, seed: node, isTop: parentId === '0' });
      place(node.children ?? [], id);
    });
  place(setupTemplates[kind], '0');
  await insertRows(db, name, ['id', ...OWNER_COLUMNS, 'name', 'refer_id', 'struct_type', 'relation', 'sort'], rows);
  return placed;
}

/** One check point per catalogue item of the node's dam part. */
async function seedTemplateItems(db: DbClient, owner: Owner, kind: SetupKind, templates: PlacedTemplate[], itemIds: Map<string, string>): Promise<void> {
  const name = table('inspect/templateItem');
  const present = await keyedIds(
    db,
    `SELECT template_id || ':' || item_name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`,
    [owner.tenantId],
  );
  const rows: unknown[][] = [];
  for (const template of templates) {
    setupItems[kind]
      .filter((item) => item.damPart === template.seed.relation)
      .forEach((item, index) => {
        if (present.has(`${template.id}:${item.itemName}`)) return;
        const itemId = itemIds.get(`${item.damPart}:${item.itemName}`)!;
        rows.push([nextId(), ...ownerColumns(owner), item.itemName, template.id, STRUCT_TYPE[kind], JSON.stringify([itemId]), (index + 1) * 10]);
      });
  }
  await insertRows(db, name, ['id', ...OWNER_COLUMNS, 'item_name', 'template_id', 'struct_type', 'configuration_ids', 'sort'], rows);
}

/** Every reservoir gets one object per top-level structure of the kind. */
async function seedObjects(db: DbClient, owner: Owner, kind: SetupKind, templates: PlacedTemplate[], reservoirs: Reservoir[]): Promise<void> {
  const name = table(`${kind}/object`);
  const present = await keyedIds(
    db,
    `SELECT reservoir_id || ':' || obj_name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`,
    [owner.tenantId],
  );
  const tops = templates.filter((t) => t.isTop);
  const rows: unknown[][] = [];
  for (const reservoir of reservoirs) {
    tops.forEach((template, index) => {
      if (present.has(`${reservoir.id}:${template.seed.name}`)) return;
      rows.push([nextId(), ...ownerColumns(owner), reservoir.id, template.seed.name, template.id, (index + 1) * 10]);
    });
  }
  await insertRows(db, name, ['id', ...OWNER_COLUMNS, 'reservoir_id', 'obj_name', 'struct_id', 'sort'], rows);
}

async function seedPlans(db: DbClient, owner: Owner, groupIds: Map<string, string>, reservoirs: Reservoir[]): Promise<void> {
  const name = table('inspect/plan');
  const present = await keyedIds(db, `SELECT name AS key, id::text AS id FROM ${quoteIdent(name)} WHERE tenant_id = $1 AND is_deleted = 0`, [owner.tenantId]);
  const inspectors = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account IN ('inspector', 'farm_admin') AND is_deleted = 0 ORDER BY account DESC`,
    [owner.tenantId],
  );
  const inspectorIds = JSON.stringify(inspectors.rows.map((row) => row.id));
  const reservoirIds = JSON.stringify(reservoirs.map((r) => r.id));
  const rows = setupPlans
    .filter((plan) => !present.has(plan.name))
    .map((plan) => [
      nextId(),
      ...ownerColumns(owner),
      plan.name,
      plan.inspectType,
      groupIds.get(plan.group)!,
      reservoirIds,
      plan.frequency,
      inspectorIds,
      plan.startDate,
      plan.endDate,
      plan.planStatus,
      plan.remark,
    ]);
  const columns = [
    'id',
    ...OWNER_COLUMNS,
    'name',
    'inspect_type',
    'item_group_id',
    'reservoir_ids',
    'frequency',
    'inspector_ids',
    'start_date',
    'end_date',
    'plan_status',
    'remark',
  ];
  await insertRows(db, name, columns, rows);
}

async function ownerOf(db: DbClient, tenantId: string): Promise<Owner | undefined> {
  const found = await db.query<{ user_id: string | null; dept_id: string | null }>(
    `SELECT (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0 LIMIT 1) AS user_id,
            (SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1) AS dept_id`,
    [tenantId],
  );
  const { user_id: userId, dept_id: deptId } = found.rows[0];
  return userId ? { tenantId, userId, deptId } : undefined;
}

async function reservoirsOf(db: DbClient, tenantId: string): Promise<Reservoir[]> {
  const model = entityModel('reservoir/reservoir');
  const found = await db.query<Reservoir>(
    `SELECT id::text AS id, name FROM ${quoteIdent(model.table)} WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code, id`,
    [tenantId],
  );
  return found.rows;
}

export async function seedInspectionSetup(db: DbClient, tenantIds: string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const owner = await ownerOf(db, tenantId);
    if (!owner) continue;
    const reservoirs = await reservoirsOf(db, tenantId);
    await seedFrequencies(db, owner);
    let inspectGroups = new Map<string, string>();
    for (const kind of SETUP_KINDS) {
      const itemIds = await seedItems(db, owner, kind);
      const groupIds = await seedGroups(db, owner, kind, itemIds);
      if (kind === 'inspect') inspectGroups = groupIds;
      const templates = await seedTemplates(db, owner, kind);
      await seedTemplateItems(db, owner, kind, templates, itemIds);
      await seedObjects(db, owner, kind, templates, reservoirs);
    }
    // A plan needs at least one reservoir.
    if (reservoirs.length > 0) await seedPlans(db, owner, inspectGroups, reservoirs);
  }
}
