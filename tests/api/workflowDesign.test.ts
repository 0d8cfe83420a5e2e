/**
 * Workflow design registers (contract 14 §1, §5): models and their XML versions, deployments (from a model,
 * uploaded .bpmn files, to other tenants), tenant packages limiting what a tenant deploys, suspension, removal
 * while instances run, forms and their checks, conditions, proxies, statistics, and tenant isolation of every
 * design list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { startTestServer, type TestServer } from './testServer.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/workflow');
const TWO_STEP = fs.readFileSync(path.join(FIXTURES, 'twoStepApproval.bpmn'), 'utf8');
const SCRIPTED = fs.readFileSync(path.join(FIXTURES, 'scriptTask.bpmn'), 'utf8');

/** The two-step approval under another process id and name (a changed diagram, or another process). */
const variant = (key: string, name = '两级审批') => TWO_STEP.replaceAll('twoStepApproval', key).replace('name="两级审批"', `name="${name}"`);

const DESIGN = '/api/blade-workflow/design';

let t: TestServer;
let admin: string; // administrator of 316979
let otherAdmin: string; // administrator of 003189
let platform: string; // platform administrator
let inspector: string; // 316979, no 流程管理
let adminId: string;

beforeAll(async () => {
  t = await startTestServer();
  [admin, otherAdmin, platform, inspector] = await Promise.all([
    t.signIn('316979', 'admin'),
    t.signIn('003189', 'admin'),
    t.signIn('000000', 'admin'),
    t.signIn('316979', 'inspector'),
  ]);
  adminId = (await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '316979' AND account = 'admin'`)).rows[0].id;
});
afterAll(() => t?.close());

const post = (token: string, route: string, body: unknown = {}, headers?: Record<string, string>) => t.api(route, { token, body, headers });
const get = (token: string, route: string, headers?: Record<string, string>) => t.api(route, { token, headers });

async function saveModel(token: string, body: Record<string, unknown>) {
  return post(token, `${DESIGN}/model/submit`, body);
}

async function historyOf(token: string, modelId: string) {
  return (await get(token, `${DESIGN}/model/history/list?modelId=${modelId}&size=100`)).body.data.records as {
    id: string;
    historyVersion: number;
    isMain: number;
  }[];
}

async function upload(token: string, files: { name: string; content: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.content], { type: 'application/xml' }), file.name);
  const response = await fetch(`${t.url}/api/blade-flow/manager/deploy-upload`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

const deploymentCount = async (tenantId: string, processKey: string) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM flow_deployment WHERE tenant_id = $1 AND process_key = $2 AND is_deleted = 0`, [tenantId, processKey]))
    .rows[0].n as number;

describe('models and their versions', () => {
  it('writes a new main history version whenever the XML changes, and none when it does not', async () => {
    const created = await saveModel(admin, { modelKey: 'versioned', name: '版本测试', xml: variant('versioned') });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ modelKey: 'versioned', modelVersion: 1 });
    const modelId = created.body.data.id;
    expect(await historyOf(admin, modelId)).toMatchObject([{ historyVersion: 1, isMain: 1 }]);

    const unchanged = await saveModel(admin, { id: modelId, name: '版本测试（改名）', xml: variant('versioned') });
    expect(unchanged.body.data).toMatchObject({ name: '版本测试（改名）', modelVersion: 1 });
    expect(await historyOf(admin, modelId)).toHaveLength(1);

    const changed = await saveModel(admin, { id: modelId, xml: variant('versioned', '改过的流程') });
    expect(changed.body.data.modelVersion).toBe(2);
    const versions = await historyOf(admin, modelId);
    expect(versions.map((v) => [v.historyVersion, v.isMain])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(changed.body.data.mainHistoryId).toBe(versions[0].id);
    // Lists leave the XML out; the detail carries it.
    const listed = (await get(admin, `${DESIGN}/model/list?modelKey=versioned`)).body.data.records;
    expect(listed[0]).not.toHaveProperty('xml');
    expect((await get(admin, `${DESIGN}/model/detail?id=${modelId}`)).body.data.xml).toContain('改过的流程');
  });

  it('setMainVersion makes an older version main and copies its XML back to the model; the main version cannot be removed', async () => {
    const modelId = (await saveModel(admin, { modelKey: 'mainSwitch', name: '主版本', xml: variant('mainSwitch', '第一版') })).body.data.id;
    await saveModel(admin, { id: modelId, xml: variant('mainSwitch', '第二版') });
    const [second, first] = await historyOf(admin, modelId);

    const switched = await post(admin, `${DESIGN}/model/history/setMainVersion`, { id: first.id });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ mainHistoryId: first.id });
    expect((await get(admin, `${DESIGN}/model/detail?id=${modelId}`)).body.data.xml).toContain('第一版');
    expect((await historyOf(admin, modelId)).map((v) => [v.historyVersion, v.isMain])).toEqual([
      [2, 0],
      [1, 1],
    ]);

    const refused = await post(admin, `${DESIGN}/model/history/remove?ids=${first.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('主版本不能删除，请先将其他版本设为主版本');
    expect((await post(admin, `${DESIGN}/model/history/remove?ids=${second.id}`)).status).toBe(200);
    expect(await historyOf(admin, modelId)).toHaveLength(1);
  });

  it('refuses a model key that is not the process id of the XML, and XML the runtime cannot run, with the parser’s message', async () => {
    const mismatch = await saveModel(admin, { modelKey: 'notTheSame', name: '不一致', xml: variant('somethingElse') });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('模型标识「notTheSame」必须与流程图中的流程标识「somethingElse」一致');
    const english = await post(
      admin,
      `${DESIGN}/model/submit`,
      { modelKey: 'notTheSame', name: 'x', xml: variant('somethingElse') },
      { 'Accept-Language': 'en' },
    );
    expect(english.body.msg).toBe('The model key "notTheSame" must equal the process id "somethingElse" of the diagram');

    const drawn = (await saveModel(admin, { modelKey: 'keyKept', name: '改标识', xml: variant('keyKept') })).body.data;
    const renamed = await saveModel(admin, { id: drawn.id, modelKey: 'keyChanged' });
    expect(renamed.body.msg).toBe('模型标识「keyChanged」必须与流程图中的流程标识「keyKept」一致');

    const scripted = await saveModel(admin, { modelKey: 'scripted', name: '脚本', xml: SCRIPTED });
    expect(scripted.status).toBe(400);
    expect(scripted.body.msg).toBe('流程文件有误：不支持的元素「运行脚本（run）」（ScriptTask）');
    const broken = await saveModel(admin, { modelKey: 'broken', name: '坏', xml: '<bpmn:definitions' });
    expect(broken.status).toBe(400);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM flow_model WHERE model_key IN ('notTheSame', 'scripted', 'broken')`)).rows[0].n).toBe(0);
  });

  it('changes the category and icon of several models at once', async () => {
    const category = (await post(admin, `${DESIGN}/category/submit`, { name: '批量分类', code: 'batch', sort: 1 })).body.data;
    const ids = [];
    for (const key of ['batchOne', 'batchTwo']) ids.push((await saveModel(admin, { modelKey: key, name: key })).body.data.id);
    expect((await post(admin, `${DESIGN}/model/changeCategory`, { ids: ids.join(','), categoryId: category.id })).status).toBe(200);
    expect((await post(admin, `${DESIGN}/model/changeIcon`, { ids, icon: 'FileDoneOutlined' })).status).toBe(200);
    const rows = (await get(admin, `${DESIGN}/model/list?categoryId=${category.id}`)).body.data.records;
    expect(rows.map((row: { icon: string; categoryName: string }) => [row.icon, row.categoryName])).toEqual([
      ['FileDoneOutlined', '批量分类'],
      ['FileDoneOutlined', '批量分类'],
    ]);
    const used = await post(admin, `${DESIGN}/category/remove?ids=${category.id}`);
    expect(used.status).toBe(400);
    expect(used.body.msg).toBe('该分类下还有流程模型、表单或部署，不能删除');
  });
});

describe('deployments', () => {
  it('deploys a model as version 1, 2, … of its key with the parsed nodes, and refuses a model without a diagram', async () => {
    const model = (await saveModel(admin, { modelKey: 'deployMe', name: '部署测试', xml: variant('deployMe', '部署测试') })).body.data;
    const first = await post(admin, `${DESIGN}/model/deploy`, { modelId: model.id });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject([{ processKey: 'deployMe', name: '部署测试', processVersion: 1, suspension: 1, modelId: model.id }]);
    const second = await post(admin, `/api/blade-flow/model/deploy?modelId=${model.id}`);
    expect(second.body.data[0].processVersion).toBe(2);

    const detail = (await get(admin, `${DESIGN}/deployment/detail?id=${second.body.data[0].id}`)).body.data;
    expect(detail.xml).toContain('id="deployMe"');
    expect(detail.nodes.filter((node: { type: string }) => node.type === 'bpmn:UserTask').map((node: { id: string }) => node.id)).toEqual([
      'leaderApprove',
      'initiatorConfirm',
    ]);
    expect(detail.modelHistoryId).toBe(model.mainHistoryId);
    const listed = (await get(admin, `${DESIGN}/deployment/list?processKey=deployMe`)).body.data.records;
    expect(listed.map((row: { processVersion: number }) => row.processVersion)).toEqual([2, 1]);
    expect(listed[0]).not.toHaveProperty('xml');

    const empty = (await saveModel(admin, { modelKey: 'noDiagram', name: '空模型' })).body.data;
    const refused = await post(admin, `${DESIGN}/model/deploy`, { modelId: empty.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('模型「空模型」还没有流程图，请先设计并保存');
  });

  it('deploys uploaded .bpmn files (multipart, with a category) and names the file whose XML is refused', async () => {
    const category = (await post(admin, `${DESIGN}/category/submit`, { name: '上传分类', code: 'uploaded', sort: 2 })).body.data;
    const deployed = await upload(admin, [{ name: 'twoStepApproval.bpmn', content: TWO_STEP }], { category: category.id });
    expect(deployed.status).toBe(200);
    expect(deployed.body.data).toMatchObject([{ processKey: 'twoStepApproval', processVersion: 1, categoryId: category.id }]);
    const deploymentId = deployed.body.data[0].id;
    expect((await post(admin, `${DESIGN}/deployment/changeCategory`, { id: deploymentId, categoryId: '' })).status).toBe(200);
    expect((await get(admin, `${DESIGN}/deployment/detail?id=${deploymentId}`)).body.data.categoryId).toBeNull();
    await post(admin, `${DESIGN}/deployment/changeCategory`, { id: deploymentId, categoryId: category.id });
    expect((await get(admin, `${DESIGN}/deployment/detail?id=${deploymentId}`)).body.data.categoryName).toBe('上传分类');

    const refused = await upload(admin, [
      { name: 'again.bpmn', content: TWO_STEP },
      { name: 'scriptTask.bpmn', content: SCRIPTED },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('scriptTask.bpmn：流程文件有误：不支持的元素「运行脚本（run）」（ScriptTask）');
    // All or nothing: the good file of the refused upload is not deployed either.
    expect(await deploymentCount('316979', 'twoStepApproval')).toBe(1);

    const wrongType = await upload(admin, [{ name: 'notes.txt', content: 'hello' }]);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe('只能上传 .bpmn 或 .xml 流程文件（notes.txt）');
    const tooMany = await upload(
      admin,
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.bpmn`, content: variant(`many${i}`) })),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('一次最多上传 10 个流程文件');
  });

  it('lets a tenant whose package lists process keys deploy only those', async () => {
    // The package holds 流程管理 with every menu and button below it, as the grant tree sends them.
    const flowMenus = (
      await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_menu WHERE (code = 'flow' OR code LIKE 'flow\\_%') AND is_deleted = 0`)
    ).rows;
    const menuId = flowMenus.map((row) => row.id).join(',');
    const pkg = await post(platform, '/api/blade-system/tenant-package/submit', { packageName: '流程套餐', menuId, processKeys: 'allowedOne,allowedTwo' });
    expect(pkg.status).toBe(200);
    expect((await post(platform, '/api/blade-system/tenant/package-setting', { tenantId: '003189', packageId: pkg.body.data.id })).status).toBe(200);
    try {
      const refused = await upload(otherAdmin, [{ name: 'x.bpmn', content: variant('notListed') }]);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('租户 003189 的套餐不允许部署流程「notListed」');
      const allowed = await upload(otherAdmin, [{ name: 'y.bpmn', content: variant('allowedTwo') }]);
      expect(allowed.status).toBe(200);
      expect(await deploymentCount('003189', 'allowedTwo')).toBe(1);
      expect(await deploymentCount('003189', 'notListed')).toBe(0);
      // The platform administrator deploying into the tenant is held to its package too.
      const intoTenant = await upload(platform, [{ name: 'z.bpmn', content: variant('notListed') }], { tenantIds: '003189' });
      expect(intoTenant.status).toBe(400);
    } finally {
      await post(platform, '/api/blade-system/tenant/package-setting', { tenantId: '003189', packageId: '' });
    }
  });

  it('lets the platform administrator deploy to two tenants at once, and refuses a tenant administrator any tenant but its own', async () => {
    const both = await upload(platform, [{ name: 'shared.bpmn', content: variant('sharedProcess', '共享流程') }], { tenantIds: '316979,173509' });
    expect(both.status).toBe(200);
    expect(both.body.data.map((row: { tenantId: string; processVersion: number }) => [row.tenantId, row.processVersion])).toEqual([
      ['316979', 1],
      ['173509', 1],
    ]);
    expect(await deploymentCount('000000', 'sharedProcess')).toBe(0);
    const seen = (await get(admin, `${DESIGN}/deployment/list?processKey=sharedProcess`)).body.data.records;
    expect(seen).toHaveLength(1);

    const refused = await upload(otherAdmin, [{ name: 'mine.bpmn', content: variant('pushed') }], { tenantIds: '003189,316979' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只有平台管理员可以部署到其他租户');
    const refusedModel = await post(otherAdmin, '/api/blade-flow/model/deploy', { modelId: '1', tenantIds: ['316979'] });
    expect(refusedModel.status).toBe(404);
    expect(await deploymentCount('316979', 'pushed')).toBe(0);
    const unknown = await upload(platform, [{ name: 'u.bpmn', content: variant('unknownTenant') }], { tenantIds: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('租户 999999 不存在');
  });

  it('suspends a definition so it cannot be started, activates it again (manager change-state is the same), and needs the buttons for it', async () => {
    const [row] = (await upload(admin, [{ name: 'suspend.bpmn', content: variant('suspendMe') }])).body.data;
    const start = () => post(admin, '/api/blade-workflow/process/startProcess', { processDefinitionId: row.id, variables: {} });
    const suspended = await post(admin, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect((await get(admin, `${DESIGN}/deployment/detail?id=${row.id}`)).body.data.suspension).toBe(2);
    const refused = await start();
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('流程定义已挂起，不能发起');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM flow_process_instance WHERE deployment_id = $1`, [row.id])).rows[0].n).toBe(0);

    const activated = await post(admin, `/api/blade-flow/manager/change-state?deploymentId=${row.id}&state=active`);
    expect(activated.status).toBe(200);
    expect((await get(admin, `${DESIGN}/deployment/detail?id=${row.id}`)).body.data.suspension).toBe(1);
    expect((await start()).status).toBe(200);

    const bad = await post(admin, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'sleeping' }, { 'Accept-Language': 'en' });
    expect(bad.body.msg).toBe('The state must be active or suspended');
    expect((await post(inspector, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'suspended' })).status).toBe(403);
  });

  it('takes 挂起 to suspend and 激活 to activate', async () => {
    const [row] = (await upload(otherAdmin, [{ name: 'buttons.bpmn', content: variant('buttonsNeeded') }])).body.data;
    const grant = (code: string, isDeleted: number) =>
      t.db.query(
        `UPDATE blade_role_menu SET is_deleted = $3 WHERE tenant_id = $1 AND menu_id = (SELECT id FROM blade_menu WHERE code = $2 AND is_deleted = 0)`,
        ['003189', code, isDeleted],
      );
    await grant('flow_deployment_stop', 1);
    try {
      expect((await post(otherAdmin, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'suspended' })).status).toBe(403);
      expect((await get(otherAdmin, `${DESIGN}/deployment/detail?id=${row.id}`)).body.data.suspension).toBe(1);
      expect((await post(otherAdmin, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'active' })).status).toBe(200);
    } finally {
      await grant('flow_deployment_stop', 0);
    }
    await grant('flow_deployment_publish', 1);
    try {
      expect((await post(otherAdmin, `${DESIGN}/deployment/changeStatus`, { ids: row.id, status: 'active' })).status).toBe(403);
    } finally {
      await grant('flow_deployment_publish', 0);
    }
  });

  it('refuses to remove a definition that running instances use, and removes it once they ended', async () => {
    const [row] = (await upload(admin, [{ name: 'inUse.bpmn', content: variant('inUse') }])).body.data;
    const instanceId = nextId();
    await t.db.query(
      `INSERT INTO flow_process_instance (id, tenant_id, deployment_id, process_key, process_name, start_user_id, start_time, status)
       VALUES ($1, '316979', $2, 'inUse', '两级审批', $3, LOCALTIMESTAMP(0), 1)`,
      [instanceId, row.id, adminId],
    );
    const refused = await post(admin, `${DESIGN}/deployment/remove?ids=${row.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该流程还有 1 个运行中的实例，不能删除');
    expect(await deploymentCount('316979', 'inUse')).toBe(1);

    await t.db.query(`UPDATE flow_process_instance SET status = 2, end_time = LOCALTIMESTAMP(0) WHERE id = $1`, [instanceId]);
    const removed = await post(admin, `/api/blade-flow/manager/delete-deployment?deploymentId=${row.id}`);
    expect(removed.status).toBe(200);
    expect(await deploymentCount('316979', 'inUse')).toBe(0);
  });
});

describe('who may start a model’s process', () => {
  it('offers the latest active definition to the users, roles or departments of the model’s scope, and to everyone without one', async () => {
    const [tenantAdmin, farmAdmin, subjectAdmin] = await Promise.all([
      t.signIn('173509', 'admin'),
      t.signIn('173509', 'farm_admin'),
      t.signIn('173509', 'subject_admin'),
    ]);
    const users = Object.fromEntries(
      (
        await t.db.query<{ account: string; id: string; role: string; dept: string }>(
          `SELECT account, id::text AS id, role_id AS role, dept_id::text AS dept FROM blade_user WHERE tenant_id = '173509' AND is_deleted = 0`,
        )
      ).rows.map((row) => [row.account, row]),
    );
    const model = (await saveModel(tenantAdmin, { modelKey: 'scopedStart', name: '限定发起', xml: variant('scopedStart', '限定发起') })).body.data;
    const [deployment] = (await post(tenantAdmin, `${DESIGN}/model/deploy`, { modelId: model.id })).body.data;
    const offered = async (token: string) =>
      ((await get(token, '/api/blade-flow/work/start-list?size=100')).body.data.records as { id: string; key: string }[]).filter(
        (row) => row.key === 'scopedStart',
      );
    const setScopes = (scopes: unknown[]) => post(tenantAdmin, `${DESIGN}/model/scope/submit`, { modelId: model.id, scopes });

    expect(await offered(farmAdmin)).toEqual([expect.objectContaining({ id: deployment.id })]);
    expect(await offered(subjectAdmin)).toHaveLength(1);

    expect((await setScopes([{ scopeType: 2, scopeValue: users.farm_admin.id }])).status).toBe(200);
    expect(await offered(farmAdmin)).toHaveLength(1);
    expect(await offered(subjectAdmin)).toEqual([]);
    const refused = await post(subjectAdmin, '/api/blade-workflow/process/startProcess', { processDefinitionId: deployment.id, variables: {} });
    expect(refused.status).toBe(403);

    await setScopes([{ scopeType: 3, scopeValue: users.subject_admin.role }]);
    expect(await offered(subjectAdmin)).toHaveLength(1);
    expect(await offered(farmAdmin)).toEqual([]);
    await setScopes([{ scopeType: 4, scopeValue: users.subject_admin.dept }]);
    expect(await offered(farmAdmin)).toHaveLength(1);
    const listed = (await get(tenantAdmin, `${DESIGN}/model/scope/list?modelId=${model.id}`)).body.data.records;
    expect(listed).toEqual([expect.objectContaining({ scopeType: 4, scopeValue: users.subject_admin.dept })]);

    const badType = await setScopes([{ scopeType: 9, scopeValue: '1' }]);
    expect(badType.body.msg).toBe('范围类型只能是 1 全部、2 用户、3 角色、4 部门');
    expect(await setScopes([{ scopeType: 2, scopeValue: '' }])).toMatchObject({ status: 400 });

    await setScopes([]);
    expect(await offered(subjectAdmin)).toHaveLength(1);
    // A suspended latest version is not offered (nor is the older one brought back).
    await post(tenantAdmin, `${DESIGN}/model/deploy`, { modelId: model.id });
    const [latest] = (await get(tenantAdmin, `${DESIGN}/deployment/list?processKey=scopedStart`)).body.data.records;
    await post(tenantAdmin, `${DESIGN}/deployment/changeStatus`, { ids: latest.id, status: 'suspended' });
    expect(await offered(farmAdmin)).toEqual([]);
  });
});

describe('forms', () => {
  const field = (extra: Record<string, unknown> = {}) => ({ type: 'string', title: '事由', 'x-decorator': 'FormItem', 'x-component': 'Input', ...extra });
  const content = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const submitForm = (body: Record<string, unknown>, headers?: Record<string, string>) => post(admin, `${DESIGN}/form/submit`, body, headers);

  it('refuses content that is not a form of the contract, naming the problem, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      ['{not json', '表单内容不正确：不是有效的 JSON'],
      [[1, 2], '表单内容不正确：必须是一个 JSON 对象'],
      [{ type: 'array', properties: {} }, '表单内容不正确：type 必须是 object'],
      [content({ '1bad': field() }), '表单内容不正确：字段名「1bad」须以字母或下划线开头，只含字母、数字和下划线，最长64个字符'],
      [
        content({ reason: field({ 'x-component': 'Upload' }) }),
        '表单内容不正确：字段「reason」的组件只能是 Input、Input.TextArea、NumberPicker、Select、DatePicker、Switch、Radio.Group、Checkbox.Group',
      ],
      [content({ reason: field({ type: 'object' }) }), '表单内容不正确：字段「reason」的类型只能是 string、number、boolean、array'],
      [content({ reason: field({ 'x-default': 'nobody' }) }), '表单内容不正确：默认值「nobody」不存在'],
      [content(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, field()]))), '表单内容不正确：字段不能超过 100 个'],
      [content({ reason: field({ description: 'x'.repeat(300 * 1024) }) }), '表单内容不正确：不能超过 256 KB'],
    ];
    for (const [value, message] of cases) {
      const response = await submitForm({ formKey: 'refused', name: '被拒', content: value });
      expect(response.status, message).toBe(400);
      expect(response.body.msg).toBe(message);
    }
    const english = await submitForm(
      { formKey: 'refused', name: '被拒', content: content({ reason: field({ 'x-default': 'nobody' }) }) },
      { 'Accept-Language': 'en' },
    );
    expect(english.body.msg).toBe('The form content is not valid: the default value "nobody" does not exist');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM flow_form WHERE form_key = 'refused'`)).rows[0].n).toBe(0);
  });

  it('versions a changed content, resolves a named default, groups forms by category, and keeps the main version', async () => {
    const defaultValue = await post(admin, `${DESIGN}/form/default-values/submit`, { name: '申请人', defaultKey: 'applicant', valueType: 3 });
    expect(defaultValue.status).toBe(200);
    const fixedWithout = await post(admin, `${DESIGN}/form/default-values/submit`, { name: '固定', defaultKey: 'fixedEmpty', valueType: 1 });
    expect(fixedWithout.body.msg).toBe('固定值类型须填写固定值');

    const first = await submitForm({
      formKey: 'leaveForm',
      name: '请假单',
      content: content({ applicant: field({ title: '申请人', 'x-default': 'applicant' }) }),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.formVersion).toBe(1);
    const formId = first.body.data.id;
    const same = await submitForm({ id: formId, content: JSON.stringify(content({ applicant: field({ title: '申请人', 'x-default': 'applicant' }) })) });
    expect(same.body.data.formVersion).toBe(1);
    const second = await submitForm({
      id: formId,
      content: content({ applicant: field({ title: '申请人', 'x-default': 'applicant' }), days: field({ type: 'number', 'x-component': 'NumberPicker' }) }),
    });
    expect(second.body.data.formVersion).toBe(2);
    const versions = (await get(admin, `${DESIGN}/form/history/list?formId=${formId}`)).body.data.records;
    expect(versions.map((v: { historyVersion: number; isMain: number }) => [v.historyVersion, v.isMain])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    await post(admin, `${DESIGN}/form/history/setMainVersion`, { id: versions[1].id });
    expect(JSON.parse((await get(admin, `${DESIGN}/form/detail?id=${formId}`)).body.data.content).properties).not.toHaveProperty('days');

    // A process whose start form it is: the form comes with the default resolved for the caller.
    const withForm = variant('withStartForm').replace('isExecutable="true"', 'isExecutable="true" rsc:formKey="leaveForm"');
    const [deployment] = (await upload(admin, [{ name: 'form.bpmn', content: withForm }])).body.data;
    expect(deployment.formKey).toBe('leaveForm');
    const startForm = (await get(admin, `/api/blade-workflow/process/getFormByProcessId?processDefinitionId=${deployment.id}`)).body.data;
    expect(startForm.form.properties.applicant).toMatchObject({ 'x-default': 'applicant', default: '系统管理员' });

    const inUse = await post(admin, `${DESIGN}/form/default-values/remove?ids=${defaultValue.body.data.id}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toBe('表单「请假单」还在使用默认值「applicant」，不能删除');

    const grouped = (await get(admin, `${DESIGN}/form/listType`)).body.data;
    expect(grouped.flatMap((group: { forms: { formKey: string }[] }) => group.forms.map((form) => form.formKey))).toContain('leaveForm');
    const types = (await get(admin, `${DESIGN}/form/default-values/listType`)).body.data;
    expect(types).toContainEqual({ valueType: 3, values: [expect.objectContaining({ defaultKey: 'applicant' })] });
  });
});

describe('conditions, proxies and buttons', () => {
  it('checks a condition’s expression on save', async () => {
    const good = await post(admin, `${DESIGN}/condition/submit`, { name: '超过三天', expression: '${days > 3 && pass}', conditionType: 1 });
    expect(good.status).toBe(200);
    const bad = await post(admin, `${DESIGN}/condition/submit`, { name: '调用', expression: '${process.exit()}', conditionType: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^条件「\$\{process\.exit\(\)\}」有误：/);
    const grouped = (await get(admin, `${DESIGN}/condition/listType`)).body.data;
    expect(grouped).toContainEqual({ conditionType: 1, conditions: [expect.objectContaining({ name: '超过三天' })] });
  });

  it('refuses a proxy that ends before it starts', async () => {
    const base = { principalId: adminId, startTime: '2026-01-01 00:00:00', endTime: '2026-02-01 00:00:00' };
    const other = (await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '316979' AND account = 'farm_admin'`)).rows[0].id;
    const backwards = await post(admin, '/api/blade-workflow/ops/proxy/submit', { ...base, proxyId: other, endTime: '2025-12-01 00:00:00' });
    expect(backwards.body.msg).toBe('结束时间不能早于开始时间');
    expect((await post(admin, '/api/blade-workflow/ops/proxy/submit', { ...base, proxyId: other })).status).toBe(200);
  });

  it('seeds the nine default buttons for every tenant', async () => {
    for (const token of [admin, otherAdmin]) {
      const rows = (await get(token, `${DESIGN}/button/list?size=50`)).body.data.records;
      expect(rows.map((row: { buttonKey: string }) => row.buttonKey)).toEqual([
        'flow_pass',
        'flow_reject',
        'flow_transfer',
        'flow_delegate',
        'flow_rollback',
        'flow_terminate',
        'flow_copy',
        'flow_add_multi',
        'flow_delete_multi',
      ]);
    }
  });
});

describe('statistics', () => {
  it('counts the tenant’s models, deployments, instances and tasks from its rows', async () => {
    const before = (await get(otherAdmin, `${DESIGN}/statistics/index`)).body.data;
    await saveModel(otherAdmin, { modelKey: 'statsModel', name: '统计' });
    const [deployment] = (await upload(otherAdmin, [{ name: 's.bpmn', content: variant('statsProcess', '统计流程') }])).body.data;
    const otherAdminId = (await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '003189' AND account = 'admin'`)).rows[0]
      .id;
    const instances = [
      [nextId(), 1, null],
      [nextId(), 1, null],
      [nextId(), 2, 'LOCALTIMESTAMP(0)'],
    ] as const;
    for (const [id, status, ended] of instances) {
      await t.db.query(
        `INSERT INTO flow_process_instance (id, tenant_id, deployment_id, process_key, process_name, start_user_id, start_time, end_time, status)
         VALUES ($1, '003189', $2, 'statsProcess', '统计流程', $3, LOCALTIMESTAMP(0), ${ended ?? 'NULL'}, $4)`,
        [id, deployment.id, otherAdminId, status],
      );
    }
    const tasks = [
      { assignee: otherAdminId, candidates: null, due: "LOCALTIMESTAMP(0) - interval '1 hour'" },
      { assignee: null, candidates: `1,${otherAdminId}`, due: 'NULL' },
      { assignee: '1', candidates: null, due: "LOCALTIMESTAMP(0) + interval '1 day'" },
    ];
    for (const task of tasks) {
      await t.db.query(
        `INSERT INTO flow_task (id, tenant_id, process_instance_id, deployment_id, process_key, task_definition_key, name, assignee_id, candidate_user_ids, due_time, status)
         VALUES ($1, '003189', $2, $3, 'statsProcess', 'leaderApprove', '负责人审批', $4, $5, ${task.due}, 1)`,
        [nextId(), instances[0][0], deployment.id, task.assignee, task.candidates],
      );
    }
    const after = (await get(otherAdmin, `${DESIGN}/statistics/index`)).body.data;
    expect({
      models: after.models - before.models,
      deployments: after.deployments - before.deployments,
      runningInstances: after.runningInstances - before.runningInstances,
      completedInstances: after.completedInstances - before.completedInstances,
      openTasks: after.openTasks - before.openTasks,
      overdueTasks: after.overdueTasks - before.overdueTasks,
      myOpenTasks: after.myOpenTasks - before.myOpenTasks,
    }).toEqual({ models: 1, deployments: 1, runningInstances: 2, completedInstances: 1, openTasks: 3, overdueTasks: 1, myOpenTasks: 2 });

    const bar = (await get(otherAdmin, `${DESIGN}/statistics/bar`)).body.data;
    expect(bar.byProcess).toContainEqual({ processKey: 'statsProcess', processName: '统计流程', started: 3, completed: 1, running: 2 });
    expect(bar.byMonth).toHaveLength(13);
    const thisMonth = bar.endDate.slice(0, 7);
    const sums = bar.byMonth.find((m: { month: string }) => m.month === thisMonth);
    expect(sums.started).toBeGreaterThanOrEqual(3);
    // Another tenant's figures do not include these rows.
    const elsewhere = (await get(admin, `${DESIGN}/statistics/bar`)).body.data.byProcess;
    expect(elsewhere.find((row: { processKey: string }) => row.processKey === 'statsProcess')).toBeUndefined();
    const badRange = await get(otherAdmin, `${DESIGN}/statistics/bar?startTime=2026-05-01&endTime=2026-01-01`);
    expect(badRange.body.msg).toBe('开始日期不能晚于结束日期');
  });
});

/** One row of every design register in the tenant of `token`, made through the API (each test stands alone). */
async function designRows(token: string, suffix: string) {
  const data = async (route: string, body: unknown) => {
    const answer = await post(token, route, body);
    expect(answer.status, `${route} ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data;
  };
  const userId = (await get(token, '/api/blade-system/user/info')).body.data.id as string;
  const category = await data(`${DESIGN}/category/submit`, { name: `分类${suffix}`, code: `c_${suffix}`, sort: 9 });
  const model = await data(`${DESIGN}/model/submit`, { modelKey: `m_${suffix}`, name: `模型${suffix}`, categoryId: category.id, xml: variant(`m_${suffix}`) });
  const [deployment] = await data(`${DESIGN}/model/deploy`, { modelId: model.id });
  const defaultValue = await data(`${DESIGN}/form/default-values/submit`, { name: `今天${suffix}`, defaultKey: `today_${suffix}`, valueType: 7 });
  const form = await data(`${DESIGN}/form/submit`, {
    formKey: `f_${suffix}`,
    name: `表单${suffix}`,
    content: { type: 'object', properties: { day: { type: 'string', title: '日期', 'x-component': 'DatePicker', 'x-default': `today_${suffix}` } } },
  });
  const condition = await data(`${DESIGN}/condition/submit`, { name: `条件${suffix}`, expression: '${days > 1}', conditionType: 2 });
  const proxy = await data('/api/blade-workflow/ops/proxy/submit', {
    principalId: userId,
    proxyId: userId,
    startTime: '2026-01-01 00:00:00',
    endTime: '2026-01-02 00:00:00',
  });
  const [button] = (await get(token, `${DESIGN}/button/list`)).body.data.records;
  return { category, model, deployment, defaultValue, form, condition, proxy, button };
}

describe('the routes of platform-core §7', () => {
  it('answers every design read of the spec for a tenant administrator', async () => {
    const rows = await designRows(admin, 'routes');
    const first = async (route: string) => (await get(admin, route)).body.data.records[0] as { id: string };
    const reads = [
      `${DESIGN}/model/list`,
      `${DESIGN}/model/detail?id=${rows.model.id}`,
      `/api/blade-flow/model/list`,
      `/api/blade-flow/model/detail?id=${rows.model.id}`,
      `${DESIGN}/model/history/list?modelId=${rows.model.id}`,
      `${DESIGN}/model/history/detail?id=${rows.model.mainHistoryId}`,
      `${DESIGN}/model/scope/list?modelId=${rows.model.id}`,
      `${DESIGN}/deployment/list`,
      `${DESIGN}/deployment/detail?id=${rows.deployment.id}`,
      `/api/blade-flow/manager/list`,
      `${DESIGN}/form/list`,
      `${DESIGN}/form/detail?id=${rows.form.id}`,
      `${DESIGN}/form/history/list?formId=${rows.form.id}`,
      `${DESIGN}/form/history/detail?id=${(await first(`${DESIGN}/form/history/list?formId=${rows.form.id}`)).id}`,
      `${DESIGN}/form/listType`,
      `${DESIGN}/form/default-values/list`,
      `${DESIGN}/form/default-values/detail?id=${rows.defaultValue.id}`,
      `${DESIGN}/form/default-values/listType`,
      `${DESIGN}/button/list`,
      `${DESIGN}/button/detail?id=${rows.button.id}`,
      `${DESIGN}/condition/list`,
      `${DESIGN}/condition/detail?id=${rows.condition.id}`,
      `${DESIGN}/condition/listType`,
      `${DESIGN}/category/list`,
      `${DESIGN}/category/detail?id=${rows.category.id}`,
      `${DESIGN}/category/tree`,
      `${DESIGN}/category/allTree`,
      `/api/blade-workflow/ops/proxy/list`,
      `/api/blade-workflow/ops/proxy/detail?id=${rows.proxy.id}`,
      `${DESIGN}/statistics/index`,
      `${DESIGN}/statistics/bar`,
    ];
    for (const route of reads) expect((await get(admin, route)).status, route).toBe(200);
  });
});

describe('tenant isolation and access', () => {
  it('shows no design row of one tenant to another, and no design list to a user without 流程管理', async () => {
    const rows = await designRows(admin, 'isolated');
    const lists: [string, string][] = [
      [`${DESIGN}/model/list`, rows.model.id],
      [`/api/blade-flow/model/list`, rows.model.id],
      [`${DESIGN}/model/history/list`, rows.model.mainHistoryId],
      [`${DESIGN}/deployment/list`, rows.deployment.id],
      [`/api/blade-flow/manager/list`, rows.deployment.id],
      [`${DESIGN}/form/list`, rows.form.id],
      [`${DESIGN}/form/history/list`, rows.form.mainHistoryId],
      [`${DESIGN}/form/default-values/list`, rows.defaultValue.id],
      [`${DESIGN}/condition/list`, rows.condition.id],
      [`${DESIGN}/button/list`, rows.button.id],
      [`/api/blade-workflow/ops/proxy/list`, rows.proxy.id],
    ];
    for (const [route, id] of lists) {
      const ids = async (token: string) => ((await get(token, `${route}?size=1000`)).body.data.records as { id: string }[]).map((row) => row.id);
      expect(await ids(admin), route).toContain(id);
      expect(await ids(otherAdmin), route).not.toContain(id);
      expect((await get(inspector, route)).status, route).toBe(403);
    }
    const categoryIds = ((await get(otherAdmin, `${DESIGN}/category/list`)).body.data as { id: string }[]).map((row) => row.id);
    expect(categoryIds).not.toContain(rows.category.id);
    // Another tenant's rows are not found by id, not deployed, not changed.
    expect((await get(otherAdmin, `${DESIGN}/model/detail?id=${rows.model.id}`)).status).toBe(404);
    expect((await get(otherAdmin, `${DESIGN}/deployment/detail?id=${rows.deployment.id}`)).status).toBe(404);
    expect((await post(otherAdmin, `${DESIGN}/model/deploy`, { modelId: rows.model.id })).status).toBe(404);
    expect((await post(otherAdmin, `${DESIGN}/deployment/changeStatus`, { ids: rows.deployment.id, status: 'suspended' })).status).toBe(404);
    expect((await post(otherAdmin, `${DESIGN}/model/history/setMainVersion`, { id: rows.model.mainHistoryId })).status).toBe(404);
    expect((await get(admin, `${DESIGN}/deployment/detail?id=${rows.deployment.id}`)).body.data.suspension).toBe(1);
  });
});
