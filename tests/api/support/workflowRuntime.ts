/**
 * Driving the workflow runtime directly, as an endpoint does: a caller built from a demo account, the
 * request pool, one transaction per action. A process is deployed as a flow/deployment row written
 * through the local API (the design endpoints have their own tests).
 */
import { withTransaction, type DbClient } from '../../../src/server/db/pool.js';
import { localApi } from '../../../src/server/engine/localApi.js';
import type { Caller } from '../../../src/server/http/caller.js';
import { parseProcessXml } from '../../../src/server/workflow/bpmn/parseProcessXml.js';
import type { RuntimeContext } from '../../../src/server/workflow/runtime/runtimeTypes.js';
import type { TestServer } from '../testServer.js';

export type Account = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

/** The caller of a demo account, as a verified token would make it. */
export async function callerOf(t: TestServer, tenantId: string, account: Account): Promise<Caller> {
  const user = await t.db.query<{ id: string; dept_id: string | null; role_id: string | null }>(
    'SELECT id::text AS id, dept_id, role_id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0',
    [tenantId, account],
  );
  const row = user.rows[0];
  if (!row) throw new Error(`no ${account} in ${tenantId}`);
  return {
    tenantId,
    userId: row.id,
    deptId: (row.dept_id ?? '').split(',')[0] || null,
    roleIds: (row.role_id ?? '').split(',').filter(Boolean),
    account,
    clientId: 'saber',
  };
}

export interface Actor {
  caller: Caller;
  ctx: RuntimeContext;
  /** Runs work in one transaction as this user (committed when it returns, rolled back when it throws). */
  act<T>(work: (ctx: RuntimeContext, tx: DbClient) => Promise<T>): Promise<T>;
}

export async function actorOf(t: TestServer, tenantId: string, account: Account): Promise<Actor> {
  const caller = await callerOf(t, tenantId, account);
  const ctx: RuntimeContext = { db: t.server.appDb, caller, language: 'zh' };
  return { caller, ctx, act: (work) => withTransaction(t.server.appDb, (tx) => work(ctx, tx)) };
}

/** Deploys the XML in the actor's tenant as the next version of its key; answers the deployment id. */
export async function deployXml(actor: Actor, xml: string): Promise<string> {
  const summary = await parseProcessXml(xml);
  return actor.act(async (ctx, tx) => {
    const api = localApi(ctx, tx).tenantWide();
    const [latest] = await api.find('flow/deployment', { where: { processKey: summary.processKey }, sort: ['processVersion desc'], limit: 1 });
    const row = await api.create('flow/deployment', {
      processKey: summary.processKey,
      name: summary.name,
      processVersion: (latest?.processVersion ?? 0) + 1,
      xml,
      deployTime: '2026-01-01 08:00:00',
      suspension: 1,
      nodes: summary.nodes as never,
    });
    return row.id;
  });
}

/** The error an action throws (fails the test when it succeeds). */
export async function refusalOf(work: Promise<unknown>): Promise<{ status: number; text: { zh: string; en: string } }> {
  try {
    await work;
  } catch (error) {
    return error as { status: number; text: { zh: string; en: string } };
  }
  throw new Error('the action was accepted');
}

/** A process form of text fields (as the form designer saves one); `formKey` names it for rsc:formKey. */
export async function saveTestForm(actor: Actor, formKey: string, fields: string[]): Promise<void> {
  const properties = Object.fromEntries(fields.map((name) => [name, { type: 'string', title: name, 'x-decorator': 'FormItem', 'x-component': 'Input' }]));
  const content = JSON.stringify({ type: 'object', properties });
  await actor.act(async (ctx, tx) => {
    // formKey is unique in the tenant: a database kept from an earlier run has the form already.
    const existing = await localApi(ctx, tx).findOne('flow/form', { formKey });
    if (existing) await localApi(ctx, tx).update('flow/form', existing.id, { content });
    else await localApi(ctx, tx).create('flow/form', { formKey, name: formKey, content, formVersion: 1 });
  });
}
