/**
 * The state × action × role table of every lifecycle, generated from the schemas (issue 12):
 * for every register with x-states, every transition endpoint, every state the machine knows
 * (the initial one and every from/to value) and every demo role, a row in that state — with
 * the guards (actor, actorDept, when) satisfied for the caller and notActor naming someone
 * else — is moved iff the state is one the transition starts from and the role holds the
 * endpoint's button (read from the grants in the database). Otherwise the answer is a 4xx and
 * the row is exactly as before. Then, per guarded transition, each guard's own refusal (the
 * wrong actor, the wrong department, the handler reviewing his own work, a `when` mismatch)
 * changes nothing.
 *
 * A register added later is covered without edits: its sample row comes from its schema
 * (sampleRecord.ts), its inputs from the transition's fields, required fields and toParam.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel, FieldModel, RouteBinding } from '../../src/server/engine/entityModel.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { localApi } from '../../src/server/engine/localApi.js';
import { quoteIdent } from '../../src/server/engine/naming.js';
import type { Caller } from '../../src/server/http/caller.js';
import type { StateTransition } from '../../src/shared/entitySchema.js';
import type { SchemaId } from '../../src/shared/generated/entityTypes.js';
import { dictionaryKeysOf, referenceKeys, sampleRecord, sampleValue, withExistingReferences } from './sampleRecord.js';
import { startTestServer, type TestServer } from './testServer.js';

type Row = Record<string, unknown>;

const TENANT = '100001';
const ROLES = ['administrator', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as const;
type Role = (typeof ROLES)[number];
const ACCOUNT_OF: Record<Role, string> = {
  administrator: 'admin',
  farm_admin: 'farm_admin',
  subject_admin: 'subject_admin',
  river_chief: 'river_chief',
  inspector: 'inspector',
};

interface DemoUser {
  role: Role;
  token: string;
  caller: Caller;
}

/** Every register with a lifecycle and at least one transition endpoint: found in the schemas, never listed here. */
const registers = entityModels().filter((model) => model.states && model.scope === 'tenant' && model.bindings.some((binding) => binding.op === 'transition'));

let t: TestServer;
const users = {} as Record<Role, DemoUser>;

async function demoUser(role: Role): Promise<DemoUser> {
  const account = ACCOUNT_OF[role];
  const row = (
    await t.db.query('SELECT id::text AS id, dept_id AS dept, role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account = $2', [TENANT, account])
  ).rows[0];
  const caller: Caller = {
    tenantId: TENANT,
    userId: row.id,
    deptId: row.dept?.split(',')[0] || null,
    roleIds: row.roles.split(','),
    account,
    clientId: 'saber',
  };
  return { role, token: await t.signIn(TENANT, account), caller };
}

/** Whether the user's roles are granted the button, read from the grant tables (not through the server's check). */
async function holdsButton(user: DemoUser, button: string): Promise<boolean> {
  const found = await t.db.query(
    `SELECT 1 FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0 AND m.category = 2
      WHERE rm.tenant_id = $1 AND rm.is_deleted = 0 AND m.code = $2 AND rm.role_id::text = ANY($3) LIMIT 1`,
    [TENANT, button, user.caller.roleIds],
  );
  return (found.rowCount ?? 0) > 0;
}

/** A row of the register created through the engine from a sample body (references and dictionaries filled from the tenant's data). */
async function createRow(model: EntityModel): Promise<string> {
  const api = localApi({ db: t.db, caller: users.administrator.caller, language: 'zh' });
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const body = await withExistingReferences(t.db, TENANT, model, sampleRecord(model), attempt);
      return String((await api.create(model.id as SchemaId, body)).id);
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`no sample row for ${model.id}: ${String(lastError)}`);
}

/** One row per role, so the roles' requests run side by side; every case first puts its row in place, so the bindings of a register share them. */
const rowsByModel = new Map<EntityModel, Promise<Record<Role, string>>>();
function rowsPerRole(model: EntityModel): Promise<Record<Role, string>> {
  if (!rowsByModel.has(model)) {
    const created = Promise.all(ROLES.map(async (role) => [role, await createRow(model)] as const)).then(
      (entries) => Object.fromEntries(entries) as Record<Role, string>,
    );
    rowsByModel.set(model, created);
  }
  return rowsByModel.get(model)!;
}

async function rowOf(model: EntityModel, id: string): Promise<Row> {
  return (await t.db.query(`SELECT * FROM ${quoteIdent(model.table)} WHERE id = $1`, [id])).rows[0];
}

/** A value of a transition's input field: a referenced row the caller may name, a dictionary entry, a fitting sample. */
async function inputValue(field: FieldModel, user: DemoUser): Promise<unknown> {
  if (field.ref?.target === 'system/user') return field.ref.shape === 'array' ? [user.caller.userId] : user.caller.userId;
  if (field.ref?.target === 'system/dept') return user.caller.deptId;
  if (field.ref) {
    const key = (await referenceKeys(t.db, TENANT, field, 1))[0];
    return field.ref.shape === 'array' ? [key] : key;
  }
  if (field.schema['x-dict']) {
    const key = (await dictionaryKeysOf(t.db, TENANT, field))[0];
    return field.kind === 'string' ? key : Number(key);
  }
  if (field.kind === 'json') return ['https://example.com/photo.jpg'];
  return sampleValue(field, 'state');
}

/** The request input of a move: its fields and required fields filled, and the chosen target when there are several. */
const inputs = new Map<string, Promise<Row>>();
function inputOf(model: EntityModel, transition: StateTransition, target: string | number, user: DemoUser): Promise<Row> {
  const key = `${model.id} ${transition.name} ${target} ${user.role}`;
  if (!inputs.has(key)) inputs.set(key, buildInput(model, transition, target, user));
  return inputs.get(key)!;
}

async function buildInput(model: EntityModel, transition: StateTransition, target: string | number, user: DemoUser): Promise<Row> {
  const input: Row = {};
  for (const name of new Set([...(transition.fields ?? []), ...(transition.required ?? [])])) input[name] = await inputValue(model.field.get(name)!, user);
  if (transition.toParam) input[transition.toParam] = target;
  return input;
}

/** Puts a row in a state with the guards set for a caller: actor and actorDept are the caller's, notActor someone else's, when's first value. */
async function prepareRow(model: EntityModel, id: string, transition: StateTransition, state: string | number, user: DemoUser, other: DemoUser): Promise<Row> {
  const values: Row = { [model.states!.field.name]: state };
  if (transition.actor) values[transition.actor] = user.caller.userId;
  if (transition.actorDept) values[transition.actorDept] = user.caller.deptId;
  if (transition.notActor) values[transition.notActor] = other.caller.userId;
  for (const [name, allowed] of Object.entries(transition.when ?? {})) values[name] = allowed[0];
  return setColumns(model, id, values);
}

/** Test-only: sets columns of a row directly (on the test's own pool), answering the whole row as it now is. */
async function setColumns(model: EntityModel, id: string, values: Row): Promise<Row> {
  const names = Object.keys(values);
  const assignments = names.map((name, index) => `${quoteIdent(model.field.get(name)!.column)} = $${index + 2}`);
  const text = `UPDATE ${quoteIdent(model.table)} SET ${assignments.join(', ')} WHERE id = $1 RETURNING *`;
  return (await t.db.query(text, [id, ...names.map((name) => values[name])])).rows[0];
}

/** Calls a transition endpoint as the user: the id in the path, or in the query under the binding's id parameter; the input as the body (GET: the query). */
async function fire(binding: RouteBinding, id: string, input: Row, user: DemoUser): Promise<{ status: number; body: { msg?: string } }> {
  const hasPathId = binding.url.includes(':');
  const path = binding.url.replace(/:[A-Za-z]+/, id);
  const query = new URLSearchParams(hasPathId ? {} : { [binding.idParam]: id });
  if (binding.method === 'GET') for (const [name, value] of Object.entries(input)) query.set(name, String(value));
  const text = query.toString();
  return t.api(`${path}${text ? `?${text}` : ''}`, { token: user.token, method: binding.method, body: binding.method === 'GET' ? undefined : input });
}

/** One cell of the table: the row put in the state for the user, the move fired, the answer and the row checked. */
async function runCase(
  model: EntityModel,
  binding: RouteBinding,
  id: string,
  state: string | number,
  target: string | number,
  user: DemoUser,
  shouldMove: boolean,
): Promise<{ moved: boolean; mismatch?: string }> {
  const transition = binding.transition!;
  const before = await prepareRow(model, id, transition, state, user, anotherUser(user));
  const answer = await fire(binding, id, await inputOf(model, transition, target, user), user);
  const after = await rowOf(model, id);
  const where = `${binding.name} as ${user.role} in state ${state}${transition.to.length > 1 ? ` → ${target}` : ''}`;
  const landed = String(after[model.states!.field.column]) === String(target);
  if (shouldMove && (answer.status !== 200 || !landed))
    return { moved: true, mismatch: `${where}: expected the move, got ${answer.status} ${answer.body.msg ?? ''}` };
  if (!shouldMove && (answer.status < 400 || answer.status >= 500))
    return { moved: false, mismatch: `${where}: expected a 4xx, got ${answer.status} ${answer.body.msg ?? ''}` };
  if (!shouldMove && !isDeepStrictEqual(after, before)) return { moved: false, mismatch: `${where}: refused (${answer.status}) but the row changed` };
  return { moved: shouldMove };
}

function statesOf(model: EntityModel): (string | number)[] {
  const { machine, field } = model.states!;
  const all = [field.schema.default as string | number, ...machine.transitions.flatMap((transition) => [...transition.from, ...transition.to])];
  return [...new Map(all.map((state) => [String(state), state])).values()];
}

function anotherUser(user: DemoUser): DemoUser {
  return Object.values(users).find((candidate) => candidate.caller.userId !== user.caller.userId)!;
}

const transitionBindings = (model: EntityModel) => model.bindings.filter((binding) => binding.op === 'transition');

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ROLES) users[role] = await demoUser(role);
});
afterAll(async () => {
  await t?.close();
});

describe('the state × action × role table, generated from the schemas', () => {
  it('covers the registers with a lifecycle', () => {
    const ids = registers.map((model) => model.id);
    expect(ids).toEqual(expect.arrayContaining(['inspect/plan', 'inspect/record', 'maintain/record', 'clean/record']));
  });

  for (const model of registers) {
    for (const binding of transitionBindings(model)) {
      it(`${model.id} ${binding.name}: moves a row exactly in its from states for the roles holding ${binding.button}, otherwise changes nothing`, async () => {
        const transition = binding.transition!;
        const rows = await rowsPerRole(model);
        const grants = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await holdsButton(users[role], binding.button!)] as const)));
        const outcomes = { moved: 0, refused: 0 };
        const mismatches: string[] = [];
        for (const state of statesOf(model)) {
          for (const target of transition.to) {
            const shouldMove = transition.from.map(String).includes(String(state));
            const results = await Promise.all(ROLES.map((role) => runCase(model, binding, rows[role], state, target, users[role], shouldMove && grants[role])));
            for (const result of results) {
              if (result.mismatch) mismatches.push(result.mismatch);
              outcomes[result.moved ? 'moved' : 'refused']++;
            }
          }
        }
        tableCases += outcomes.moved + outcomes.refused;
        expect(mismatches).toEqual([]);
        // The table is only a table if it holds both answers.
        expect(outcomes.moved).toBeGreaterThan(0);
        expect(outcomes.refused).toBeGreaterThan(0);
      });
    }
  }

  it('each guard refuses on its own, and the refused row stays as it was', async () => {
    const mismatches: string[] = [];
    for (const model of registers) {
      const seen = new Set<StateTransition>();
      for (const binding of transitionBindings(model)) {
        const transition = binding.transition!;
        if (seen.has(transition)) continue;
        seen.add(transition);
        for (const guard of guardCasesOf(model, transition)) {
          const user = users.administrator;
          const id = await createRow(model);
          await prepareRow(model, id, transition, transition.from[0], user, anotherUser(user));
          const before = await setColumns(model, id, guard.breaking(user));
          const answer = await fire(binding, id, await inputOf(model, transition, transition.to[0], user), user);
          guardCases++;
          if (answer.status !== guard.status)
            mismatches.push(`${model.id} ${binding.name} ${guard.name}: expected ${guard.status}, got ${answer.status} ${answer.body.msg ?? ''}`);
          expect(await rowOf(model, id), `${model.id} ${binding.name} ${guard.name}: the refused row changed`).toEqual(before);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('localApi(ctx, tx).transition: the same operation from server code', () => {
  const plan = () => registers.find((model) => model.id === 'inspect/plan')!;

  it("needs the button of the transition's endpoint unless the server moves the rows itself ({ button: false })", async () => {
    const id = await createRow(plan());
    const asInspector = localApi({ db: t.db, caller: users.inspector.caller, language: 'zh' });
    expect(await holdsButton(users.inspector, plan().bindings.find((binding) => binding.transition?.name === 'publish')!.button!)).toBe(false);
    await expect(asInspector.transition('inspect/plan', 'publish', [id])).rejects.toMatchObject({ status: 403 });
    expect((await rowOf(plan(), id)).plan_status).toBe(1);
    expect(await asInspector.transition('inspect/plan', 'publish', [id], {}, { button: false })).toEqual([{ id, planStatus: 2, version: 2 }]);
    expect((await rowOf(plan(), id)).plan_status).toBe(2);
  });

  it('keeps the row rules for server moves: a guard refuses and nothing changes', async () => {
    const model = registers.find((candidate) => candidate.states!.machine.transitions.some((transition) => transition.actor))!;
    expect(model, 'a register with an actor guard').toBeDefined();
    const process = model.states!.machine.transitions.find((transition) => transition.actor)!;
    const id = await createRow(model);
    const before = await prepareRow(model, id, process, process.from[0], users.farm_admin, users.inspector);
    const asInspector = localApi({ db: t.db, caller: users.inspector.caller, language: 'zh' });
    const input = await inputOf(model, process, process.to[0], users.inspector);
    await expect(asInspector.transition(model.id as SchemaId, process.name, [id], input, { button: false })).rejects.toMatchObject({ status: 403 });
    expect(await rowOf(model, id)).toEqual(before);
  });
});

let tableCases = 0;
let guardCases = 0;
afterAll(() => {
  console.log(`state table: ${registers.map((model) => model.id).join(', ')}: ${tableCases} state × action × role cases, ${guardCases} guard refusals`);
});

interface GuardCase {
  name: string;
  status: number;
  /** Row values that break the guard for the user (on top of a row prepared to pass every guard). */
  breaking: (user: DemoUser) => Row;
}

/** One refusal per guard of a transition: the wrong actor, the wrong department, the handler himself, a value outside `when`. */
function guardCasesOf(model: EntityModel, transition: StateTransition): GuardCase[] {
  const cases: GuardCase[] = [];
  const { actor, actorDept, notActor, when } = transition;
  if (actor) cases.push({ name: `actor ${actor}`, status: 403, breaking: (user) => ({ [actor]: anotherUser(user).caller.userId }) });
  if (actorDept) cases.push({ name: `actorDept ${actorDept}`, status: 403, breaking: () => ({ [actorDept]: '1' }) });
  if (notActor) cases.push({ name: `notActor ${notActor}`, status: 403, breaking: (user) => ({ [notActor]: user.caller.userId }) });
  for (const [name, allowed] of Object.entries(when ?? {})) {
    const outside = valueOutside(model.field.get(name)!, allowed);
    cases.push({ name: `when ${name}`, status: 400, breaking: () => ({ [name]: outside }) });
  }
  return cases;
}

/** A value of the field that `when` does not list: another enum value, or a number past the listed ones, or null. */
function valueOutside(field: FieldModel, allowed: (string | number | null)[]): unknown {
  const listed = new Set(allowed.map(String));
  const fromEnum = field.schema.enum?.find((value) => !listed.has(String(value)));
  if (fromEnum !== undefined) return fromEnum;
  if (field.kind === 'integer' || field.kind === 'number') return Math.max(...allowed.map(Number).filter(Number.isFinite), 0) + 1;
  return allowed.includes(null) ? 'other' : null;
}
