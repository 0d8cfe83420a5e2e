/**
 * What the console builds its navigation from: the caller's menu routes
 * (optionally within one top menu), their button codes and the top menus.
 * Everything is derived from the role grants of the caller's tenant, within
 * the tenant's package and the package of the caller's department.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { MenuNode } from '../../shared/menu.js';
import type { Db } from '../db/pool.js';
import { buildForest } from '../engine/operations/treeOperations.js';
import { badRequest } from '../http/apiError.js';
import { packagesAllow } from './menuPackages.js';

const MENU_COLUMNS = `m.id::text AS "id", m.parent_id::text AS "parentId", m.code, m.name, m.name_en AS "nameEn", m.alias, m.path,
  m.source, m.sort, m.category, m.action, m.is_open AS "isOpen", m.remark`;

/**
 * Menus granted to the roles ($2) in the tenant ($1) and allowed by the packages (department $3), plus all
 * their ancestors (a granted child shows under its parents).
 */
const GRANTED_WITH_ANCESTORS = `
  WITH RECURSIVE granted AS (
    SELECT m.id, m.parent_id FROM blade_menu m
      JOIN blade_role_menu rm ON rm.menu_id = m.id AND rm.is_deleted = 0
      JOIN blade_role r ON r.id = rm.role_id AND r.is_deleted = 0 AND r.tenant_id = rm.tenant_id
     WHERE rm.tenant_id = $1 AND rm.role_id = ANY($2::bigint[]) AND m.is_deleted = 0 AND ${packagesAllow('m.id', '$1', '$3')}
    UNION
    SELECT p.id, p.parent_id FROM blade_menu p JOIN granted g ON p.id = g.parent_id WHERE p.is_deleted = 0
  )`;

function forestOf(rows: MenuNode[]): MenuNode[] {
  return buildForest(
    rows,
    (r) => r.id,
    (r) => r.parentId,
  );
}

export async function menuRoutesFor(db: Db, tenantId: string, roleIds: string[], deptId: string | null, topMenuId?: string): Promise<MenuNode[]> {
  const values: unknown[] = [tenantId, roleIds, deptId];
  let topMenuCondition = '';
  if (topMenuId) {
    values.push(topMenuId);
    topMenuCondition = `AND m.id IN (SELECT menu_id FROM blade_top_menu_setting WHERE tenant_id = $1 AND top_menu_id = $4 AND is_deleted = 0)`;
  }
  const result = await db.query<MenuNode>(
    `${GRANTED_WITH_ANCESTORS}
     SELECT ${MENU_COLUMNS} FROM blade_menu m WHERE m.id IN (SELECT id FROM granted) AND m.category = 1 ${topMenuCondition}
     ORDER BY m.sort, m.id`,
    values,
  );
  return forestOf(result.rows);
}

export async function buttonsFor(db: Db, tenantId: string, roleIds: string[], deptId: string | null): Promise<MenuNode[]> {
  const result = await db.query<MenuNode>(
    `${GRANTED_WITH_ANCESTORS}
     SELECT ${MENU_COLUMNS} FROM blade_menu m
      WHERE m.id IN (SELECT id FROM granted)
        AND (m.category = 2 OR EXISTS (
              SELECT 1 FROM blade_menu b JOIN granted g ON g.id = b.id WHERE b.parent_id = m.id AND b.category = 2 AND b.is_deleted = 0))
      ORDER BY m.sort, m.id`,
    [tenantId, roleIds, deptId],
  );
  return forestOf(result.rows);
}

export function registerMenuRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/blade-system/menu/routes', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    const { topMenuId } = request.query as { topMenuId?: string };
    if (topMenuId !== undefined && topMenuId !== '' && !/^\d{1,19}$/.test(topMenuId)) {
      throw badRequest('参数 topMenuId 不正确', 'The parameter topMenuId is not valid');
    }
    return ok(await menuRoutesFor(db, caller.tenantId, caller.roleIds, caller.deptId, topMenuId || undefined));
  });

  app.get('/api/blade-system/menu/buttons', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    return ok(await buttonsFor(db, caller.tenantId, caller.roleIds, caller.deptId));
  });

  app.get('/api/blade-system/menu/top-menu', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    const result = await db.query(
      `${GRANTED_WITH_ANCESTORS}
       SELECT t.id::text AS "id", t.code, t.name, t.name_en AS "nameEn", t.source, t.path, t.sort, t.tenant_id AS "tenantId"
         FROM blade_top_menu t
        WHERE t.tenant_id = $1 AND t.is_deleted = 0
          AND EXISTS (SELECT 1 FROM blade_top_menu_setting s WHERE s.top_menu_id = t.id AND s.tenant_id = $1 AND s.is_deleted = 0
                        AND s.menu_id IN (SELECT id FROM granted))
        ORDER BY t.sort, t.id`,
      [caller.tenantId, caller.roleIds, caller.deptId],
    );
    return ok(result.rows);
  });

  /**
   * Whether an address may be embedded by the public /myiframe page (platform-core §2 lists it as a
   * public route): only the address of an external menu item, so the console's frame never lends its
   * name to any other page. Addresses that carry the session (`${token}`) need the signed-in page.
   * Answers yes or no about one address; it lists nothing.
   */
  app.get('/api/blade-system/menu/embeddable', { config: { access: 'public' } }, async (request) => {
    const { url } = request.query as { url?: unknown };
    if (typeof url !== 'string' || url.length > 1000 || !/^https?:\/\//i.test(url) || url.includes('${token}')) return ok({ embeddable: false });
    const result = await db.query(`SELECT 1 FROM blade_menu WHERE path = $1 AND is_deleted = 0 AND category = 1 LIMIT 1`, [url]);
    return ok({ embeddable: (result.rowCount ?? 0) > 0 });
  });
}
