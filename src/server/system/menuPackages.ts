/**
 * Menu packages: the ceilings on what a role grant opens.
 *
 * - A tenant package (system/tenantPackage, bound by tenant/package-setting)
 *   is the set of menus and buttons a tenant has: its roles can be granted,
 *   and see, only those. A tenant without a package has every menu.
 * - A department package (system/deptPackage, bound by dept-package/bind) is
 *   the same ceiling for the users signed in under one of its departments,
 *   inside the tenant's own ceiling.
 *
 * A package holds exactly the menu and button ids it lists (the checked
 * nodes of the grant tree): a menu added later is in no package until a
 * platform administrator puts it there. The menu tree still shows the
 * ancestors of an allowed menu as the path to it (menu/routes adds them).
 *
 * The conditions are SQL fragments over a menu id column; the placeholders
 * are the caller's parameters (tenant id text; department id, text or null).
 */

interface BoundPackage {
  /** Tables naming the bound package `pkg` (its comma-joined menu_id). */
  from: string;
  where: string;
}

/**
 * Both subqueries are uncorrelated, so PostgreSQL computes them once per statement (an InitPlan) and each
 * row only looks into an array; a correlated EXISTS here ran once per row of every join (seconds, not ms).
 */
function allows(column: string, bound: BoundPackage): string {
  const packages = `SELECT 1 FROM ${bound.from} WHERE ${bound.where}`;
  const listed = `ARRAY(SELECT listed.id FROM ${bound.from}
    CROSS JOIN LATERAL unnest(string_to_array(pkg.menu_id, ',')) AS listed(id) WHERE ${bound.where})`;
  return `(NOT EXISTS (${packages}) OR ${column}::text = ANY(${listed}))`;
}

/** The menu (or button) id in `column` is within the tenant's package, or the tenant has none. */
export function tenantPackageAllows(column: string, tenantParam: string): string {
  return allows(column, {
    from: 'blade_tenant pt JOIN blade_tenant_package pkg ON pkg.id = pt.package_id AND pkg.is_deleted = 0',
    where: `pt.tenant_id = ${tenantParam} AND pt.is_deleted = 0`,
  });
}

/** The id in `column` is within the package of the department `deptParam`, or that department has none. */
export function deptPackageAllows(column: string, tenantParam: string, deptParam: string): string {
  return allows(column, {
    from: 'blade_dept_package pkg',
    where: `pkg.tenant_id = ${tenantParam} AND pkg.is_deleted = 0 AND (${deptParam})::text = ANY(string_to_array(pkg.dept_id, ','))`,
  });
}

/** Both ceilings: what a user of the tenant, signed in under the department, may see and use. */
export function packagesAllow(column: string, tenantParam: string, deptParam: string): string {
  return `${tenantPackageAllows(column, tenantParam)} AND ${deptPackageAllows(column, tenantParam, deptParam)}`;
}
