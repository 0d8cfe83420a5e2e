/**
 * Every schema page (each x-page path of the page registry: lists, trees,
 * detail pages, full-page add and edit forms) opened in Chromium against a
 * real server, one after another in one page, signed in through the API:
 * first as the platform administrator (tenant 000000, every page), then as a
 * tenant administrator (100001, whose demo data fills the business pages).
 * A page fails on a console error, a page error, a failed API call, or an
 * empty render: no table rows where its list answered some, no record
 * fields on a detail page, no form fields on a form page. Tables and
 * records read references by the titles the rows carry (x-ref-title), never
 * as ids, and a list page downloads no referenced register's tree or user
 * list just to label its table.
 */
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBinding, ClientSchema } from '../../src/shared/clientSchema.js';
import { entityPages, type EntityPage } from '../../src/shared/generated/pageRegistry.js';
import type { TestServer } from '../api/testServer.js';
import { clickRowAction, openedDialog, screenshot, signedInThroughApi, startBrowserSuite, type BrowserSuite } from './browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

let suite: BrowserSuite | undefined;
let t: TestServer;
const startedAt = Date.now();

beforeAll(async () => {
  suite = await startBrowserSuite();
  t = suite.server;
});
afterAll(async () => {
  await suite?.close();
  console.log(`every schema page: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

async function apiData(token: string, path: string): Promise<Row> {
  const answer = await t.api(path, { token });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

const schemas = new Map<string, Promise<ClientSchema>>();
function clientSchema(token: string, id: string): Promise<ClientSchema> {
  if (!schemas.has(id)) schemas.set(id, apiData(token, `/api/blade-system/schema/client?id=${encodeURIComponent(id)}`) as Promise<ClientSchema>);
  return schemas.get(id)!;
}

/** Every menu path the account's routes hold. */
async function grantedPaths(token: string): Promise<Set<string>> {
  const paths = new Set<string>();
  const walk = (menus: Row[]) => {
    for (const menu of menus) {
      if (menu.path) paths.add(menu.path);
      if (menu.children) walk(menu.children);
    }
  };
  walk((await apiData(token, '/api/blade-system/menu/routes')) as unknown as Row[]);
  return paths;
}

/** Pages whose tables read references (an inspection's reservoir, plan and inspector; goods' depository; users' roles and departments), photographed to look at. */
const SHOWN = ['/inspect/inspectRecord/index', '/urgent/goods', '/system/user'];
const LIST_OPS = new Set(['list', 'listAll', 'tree', 'lazyTree']);
const pathOf = (url: string) => new URL(url).pathname;

/** The URL a register's tree or options are downloaded from for a picker or a label (entityApi.fetchReferenceTree). */
function referenceTreeUrl(schema: ClientSchema): string | undefined {
  const api = schema['x-api'];
  const binding = api.tree ?? Object.values(api).find((b) => b.op === 'tree') ?? api.options ?? Object.values(api).find((b) => b.op === 'options');
  return binding?.url;
}

function recordsOf(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  if (data && typeof data === 'object' && Array.isArray((data as Row).records)) return (data as Row).records;
  return [];
}

/** What one visit saw: problems, API answers (JSON) and every request path. */
class Watcher {
  problems: string[] = [];
  answers: { method: string; path: string; data: unknown }[] = [];
  requested: string[] = [];
  private inFlight = new Set<Request>();
  private label = '';
  private pending: Promise<unknown>[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push(`${this.label}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.problems.push(`${this.label}: page error: ${error.message}`));
    page.on('request', (request: Request) => {
      if (!this.isApi(request)) return;
      this.inFlight.add(request);
      this.requested.push(pathOf(request.url()));
    });
    page.on('requestfailed', (request: Request) => {
      if (!this.isApi(request)) return;
      this.inFlight.delete(request);
      this.problems.push(`${this.label}: ${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText}`);
    });
    page.on('requestfinished', (request: Request) => {
      this.inFlight.delete(request);
    });
    page.on('response', (response: Response) => {
      if (!this.isApi(response.request())) return;
      const method = response.request().method();
      const path = pathOf(response.url());
      if (response.status() >= 400) this.problems.push(`${this.label}: ${method} ${path} → ${response.status()}`);
      this.pending.push(
        response
          .json()
          .then((body: Row) => {
            this.answers.push({ method, path, data: body?.data });
            if (body && body.success === false) this.problems.push(`${this.label}: ${method} ${path} answered ${body.code} ${body.msg}`);
          })
          .catch(() => undefined),
      );
    });
  }

  /** An API call that ends: an event stream (the live warnings) stays open as long as the page and is not waited for. */
  private isApi(request: Request): boolean {
    return request.url().startsWith(`${t.url}/api/`) && request.headers().accept !== 'text/event-stream';
  }

  start(label: string): void {
    this.label = label;
    this.answers = [];
    this.requested = [];
    this.pending = [];
  }

  /** Until no API call has been under way for a moment (and every answer is read). */
  async settle(page: Page): Promise<void> {
    let quiet = 0;
    for (let waited = 0; waited < 20_000 && quiet < 2; waited += 100) {
      await page.waitForTimeout(100);
      quiet = this.inFlight.size === 0 ? quiet + 1 : 0;
    }
    await Promise.all(this.pending);
  }

  take(): string[] {
    const problems = this.problems;
    this.problems = [];
    return problems;
  }
}

/** The titled references of a register (those it lists, or all), with the URL their target's tree would be downloaded from. */
interface TitledColumn {
  name: string;
  title: string;
  treeUrl?: string;
}

async function titledColumns(token: string, schema: ClientSchema, listedOnly = true): Promise<TitledColumn[]> {
  const fields = Object.entries(schema.properties).filter(([, field]) => field['x-ref'] && field['x-ref-title'] && (field['x-list'] || !listedOnly));
  return Promise.all(
    fields.map(async ([name, field]) => ({ name, title: field['x-ref-title']!, treeUrl: referenceTreeUrl(await clientSchema(token, field['x-ref']!)) })),
  );
}

/** A titled reference of a row as the console should read it: no raw id where the row has its title. */
function titleProblems(text: string, row: Row, columns: { name: string; title: string }[], where: string, mustShow = true): string[] {
  const problems: string[] = [];
  for (const { name, title } of columns) {
    const ids = (Array.isArray(row[name]) ? row[name] : String(row[name] ?? '').split(',')).map(String).filter((id: string) => id !== '' && !/^0+$/.test(id));
    const titles = (Array.isArray(row[title]) ? row[title] : String(row[title] ?? '').split(',')).map(String);
    ids.forEach((id: string, index: number) => {
      const named = titles[index]?.trim();
      if (!named) return;
      if (mustShow && !text.includes(named)) problems.push(`${where}: ${name} ${id} does not read as its title "${named}"`);
      if (/^\d{6,}$/.test(id) && text.includes(id)) problems.push(`${where}: ${name} shows the id ${id}`);
    });
  }
  return problems;
}

interface Tour {
  page: Page;
  token: string;
  watcher: Watcher;
  granted: Set<string>;
  /** A record id per register, from its list as this account sees it. */
  firstIds: Map<string, string>;
  tenantId: string;
  /** What each list page asked for and how its references are titled. */
  labelled: Map<string, { columns: TitledColumn[]; requested: string[]; filterTreeUrl?: string; firstRow?: Row }>;
  /** Whether the console is loaded: later pages are opened inside it, as the menu opens them (no reload, no menus fetched again). */
  isLoaded: boolean;
}

async function startTour(tenantId: string): Promise<Tour> {
  const { page, token } = await signedInThroughApi(suite!.browser, t.url, { tenantId, account: 'admin' });
  return { page, token, watcher: new Watcher(page), granted: await grantedPaths(token), firstIds: new Map(), isLoaded: false, tenantId, labelled: new Map() };
}

/** Opens a page: the first with a page load, the next ones through the console's router (history and popstate, as a menu click). */
async function visit(tour: Tour, path: string): Promise<void> {
  tour.watcher.start(path);
  if (!tour.isLoaded) {
    await tour.page.goto(`${t.url}${path}`);
    tour.isLoaded = true;
    return;
  }
  await tour.page.evaluate((address) => {
    history.pushState(null, '', address);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Opens a list page: it renders its table, with rows when its list answered some, references by their titles, no tree downloaded to label them. */
async function checkListPage(tour: Tour, entry: EntityPage): Promise<string[]> {
  const { page, watcher, token } = tour;
  const schema = await clientSchema(token, entry.schemaId);
  const listUrls = new Set(
    Object.values(schema['x-api'])
      .filter((binding: ClientBinding) => LIST_OPS.has(binding.op) || binding.name === 'parentList')
      .map((binding) => binding.url),
  );
  const columns = await titledColumns(token, schema);
  await visit(tour, entry.path);
  const isParentChild = entry.layout === 'tree' && !!schema['x-api'].parentList && !!schema['x-api'].childList;
  const pageRoot = page.getByTestId(isParentChild ? 'tree-page-horizontal' : `crud-page-${entry.schemaId}`);
  const table = pageRoot.getByTestId('crud-table').first();
  await pageRoot.waitFor({ timeout: 20_000 }).catch(() => undefined);
  await watcher.settle(page);
  const problems: string[] = [];
  if (page.url().includes('/404')) return [`${entry.path}: went to ${page.url()}`];
  if (!(await table.isVisible())) return [`${entry.path}: no table rendered`];
  const rows = watcher.answers.filter((answer) => listUrls.has(answer.path)).flatMap((answer) => recordsOf(answer.data));
  const shown = await table.locator('.ant-table-row').count();
  if (rows.length > 0 && shown === 0) problems.push(`${entry.path}: the list answered ${rows.length} rows, the table shows none`);
  if (rows.length > 0 && rows[0].id !== undefined) {
    tour.firstIds.set(entry.schemaId, String(rows[0].id));
    const first = table.locator(`.ant-table-row[data-row-key="${rows[0].id}"]`).first();
    if (await first.count()) problems.push(...titleProblems(await first.innerText(), rows[0], columns, `${entry.path} row ${rows[0].id}`));
  }
  // Labels come from the rows: a titled reference's tree is not downloaded (a side filter tree is that page's own).
  const filterTreeUrl = entry.filterTree ? referenceTreeUrl(await clientSchema(token, entry.filterTree.schemaId)) : undefined;
  tour.labelled.set(entry.path, { columns, requested: [...watcher.requested], filterTreeUrl, firstRow: rows[0] });
  if (SHOWN.includes(entry.path)) await screenshot(page, `every-page-${tour.tenantId}-${entry.path.replace(/\W+/g, '_')}`);
  for (const column of columns) {
    if (column.treeUrl && column.treeUrl !== filterTreeUrl && watcher.requested.includes(column.treeUrl))
      problems.push(`${entry.path}: downloaded ${column.treeUrl} to label ${column.name}`);
  }
  return problems;
}

/** A detail page of a listed record: its fields, references by their titles. */
async function checkDetailPage(tour: Tour, entry: EntityPage, id: string): Promise<string[]> {
  const { page, watcher, token } = tour;
  const schema = await clientSchema(token, entry.schemaId);
  const columns = await titledColumns(token, schema, false);
  await visit(tour, `${entry.detail!.path}?id=${id}`);
  const fields = page.getByTestId(`detail-page-${entry.schemaId}`).getByTestId('detail-fields');
  await fields.waitFor({ timeout: 20_000 }).catch(() => undefined);
  await watcher.settle(page);
  if (!(await fields.isVisible())) return [`${entry.detail!.path}?id=${id}: no record fields rendered`];
  const filled = await fields
    .locator('.ant-descriptions-item-content')
    .evaluateAll((cells) => cells.filter((cell) => (cell.textContent ?? '').trim() !== '' || cell.querySelector('img')).length);
  const problems = filled === 0 ? [`${entry.detail!.path}: every record field is empty`] : [];
  const detailUrl = schema['x-api'].detail?.url;
  const record = watcher.answers.find((answer) => answer.path === detailUrl || answer.path === detailUrl?.replace(':id', id))?.data as Row | undefined;
  if (record) problems.push(...titleProblems(await fields.innerText(), record, columns, `${entry.detail!.path}?id=${id}`, false));
  return problems;
}

/** A full-page form, empty (add) or loaded with a record (edit). */
async function checkFormPage(tour: Tour, entry: EntityPage, path: string, id?: string): Promise<string[]> {
  const { page, watcher } = tour;
  const address = id ? `${path}?id=${id}` : path;
  await visit(tour, address);
  const form = page.getByTestId(`form-page-${entry.schemaId}`);
  await form
    .locator('.ant-formily-item')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await watcher.settle(page);
  const items = await form.locator('.ant-formily-item').count();
  if (items === 0) return [`${address}: no form fields rendered`];
  if (id) {
    // The record loads after the page (and add and edit may share one path): its values fill the form.
    const filled = () =>
      form.locator('input, textarea').evaluateAll((inputs) => inputs.filter((input) => (input as HTMLInputElement).value.trim() !== '').length);
    for (let waited = 0; waited < 10_000 && (await filled()) === 0; waited += 200) await page.waitForTimeout(200);
    if ((await filled()) === 0) return [`${address}: the record's values are not in the form`];
  }
  return [];
}

function tourOf(tenantId: string, label: string) {
  describe(`${label} (${tenantId}) opens every schema page`, () => {
    let tour: Tour;
    beforeAll(async () => {
      tour = await startTour(tenantId);
    });
    afterAll(async () => {
      await tour?.page.context().close();
    });

    for (const entry of entityPages) {
      it(`${entry.path} (${entry.schemaId})`, async (context) => {
        if (!tour.granted.has(entry.path)) return context.skip();
        opened.add(entry.path);
        const problems = await checkListPage(tour, entry);
        problems.push(...tour.watcher.take());
        if (problems.length > 0) await screenshot(tour.page, `every-page-${tenantId}-${entry.path.replace(/\W+/g, '_')}`);
        expect(problems).toEqual([]);
      });
      if (entry.detail) {
        it(`${entry.detail.path} (detail of ${entry.schemaId})`, async (context) => {
          const id = tour.firstIds.get(entry.schemaId);
          if (!tour.granted.has(entry.detail!.path) || !id) return context.skip();
          opened.add(entry.detail!.path);
          const problems = await checkDetailPage(tour, entry, id);
          problems.push(...tour.watcher.take());
          if (problems.length > 0) await screenshot(tour.page, `every-page-${tenantId}-${entry.detail!.path.replace(/\W+/g, '_')}`);
          expect(problems).toEqual([]);
        });
      }
      if (entry.form) {
        const { add, edit } = entry.form;
        it(`${add} (add ${entry.schemaId})`, async (context) => {
          if (!tour.granted.has(add)) return context.skip();
          opened.add(add);
          const problems = await checkFormPage(tour, entry, add);
          problems.push(...tour.watcher.take());
          expect(problems).toEqual([]);
        });
        it(`${edit}?id= (edit ${entry.schemaId})`, async (context) => {
          const id = tour.firstIds.get(entry.schemaId);
          if (!tour.granted.has(edit) || !id) return context.skip();
          opened.add(`${edit}?id=`);
          const problems = await checkFormPage(tour, entry, edit, id);
          problems.push(...tour.watcher.take());
          if (problems.length > 0) await screenshot(tour.page, `every-page-${tenantId}-${edit.replace(/\W+/g, '_')}-edit`);
          expect(problems).toEqual([]);
        });
      }
    }

    if (tenantId !== '100001') return;

    it('tables label references from their rows: no reservoir tree or user list is downloaded to label them', () => {
      for (const path of SHOWN) {
        const seen = tour.labelled.get(path);
        expect(seen?.firstRow, `${path} listed rows`).toBeDefined();
        for (const column of seen!.columns) {
          expect(column.treeUrl, `${path} ${column.name}: its register has a tree or options`).toBeDefined();
          if (column.treeUrl !== seen!.filterTreeUrl) expect(seen!.requested, `${path} ${column.name}`).not.toContain(column.treeUrl);
        }
      }
      const record = tour.labelled.get('/inspect/inspectRecord/index')!;
      expect(record.columns.map((column) => column.treeUrl)).toEqual(expect.arrayContaining(['/api/v1/reservoir/tree', '/api/blade-system/user/options']));
    });

    it('a view dialog reads references by their titles without downloading their registers', async () => {
      const { page, watcher, token } = tour;
      for (const [path, schemaId] of [
        ['/urgent/goods', 'urgent/goods'],
        ['/system/user', 'system/user'],
      ]) {
        const schema = await clientSchema(token, schemaId);
        const columns = await titledColumns(token, schema);
        await visit(tour, path);
        const table = page.getByTestId(`crud-page-${schemaId}`).getByTestId('crud-table');
        await table.locator('.ant-table-row').first().waitFor();
        await watcher.settle(page);
        const first = tour.labelled.get(path)!.firstRow!;
        watcher.start(`${path} view`);
        await clickRowAction(table.locator(`.ant-table-row[data-row-key="${first.id}"]`), 'view');
        const fields = (await openedDialog(page)).getByTestId('detail-fields');
        await fields.waitFor();
        await watcher.settle(page);
        const problems = titleProblems(await fields.innerText(), first, columns, `${path} view ${first.id}`);
        const filterTreeUrl = tour.labelled.get(path)!.filterTreeUrl;
        for (const column of columns)
          if (column.treeUrl !== filterTreeUrl && watcher.requested.includes(column.treeUrl!)) problems.push(`${path} view: downloaded ${column.treeUrl}`);
        problems.push(...watcher.take());
        await screenshot(page, `every-page-${tenantId}-${path.replace(/\W+/g, '_')}-view`);
        expect(problems).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
    });
  });
}

/** The addresses some account opened: a page one account skips (not granted to it, or no record to open) the other must open. */
const opened = new Set<string>();

tourOf('000000', 'the platform administrator');
tourOf('100001', 'a tenant administrator');

it('every schema page was opened by one of the two accounts', () => {
  const expected = entityPages.flatMap((entry) => [
    entry.path,
    ...(entry.detail ? [entry.detail.path] : []),
    ...(entry.form ? [entry.form.add, `${entry.form.edit}?id=`] : []),
  ]);
  expect(expected.filter((address) => !opened.has(address))).toEqual([]);
});
