/**
 * Draws a two-step approval in the process designer the way a user does (for the designer's own test and the leave
 * end-to-end test): 新增模型 with the key and name, then on the canvas start event → user task → user task → end
 * event through the context pad's append entries (`append.user-task`, `append.end-event`: more reliable than
 * dragging from the palette), each task named and given its assignee in the properties panel, then 保存. Answers
 * the saved model's id (the address moves from /workflow/design/process/new to it) once the designer there is ready.
 */
import type { Locator, Page } from 'playwright-core';

export interface ApprovalStep {
  name: string;
  assigneeType: 'deptLeader' | 'initiator' | 'role' | 'dept' | 'user' | 'expression';
  /** The role's name exactly as the role tree shows it (assigneeType role), e.g. 超级管理员. */
  roleName?: string;
  /** The department's name exactly as the department tree shows it (assigneeType dept). */
  deptName?: string;
  /** `${variable}` (assigneeType expression). */
  expression?: string;
}

export interface TwoStepApproval {
  key: string;
  name: string;
  first: ApprovalStep;
  second: ApprovalStep;
}

/** The designer's Select options carry their label as the dropdown's title (antd). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await openDropdown(page).getByTitle(label, { exact: true }).click();
}

async function chooseTreeNode(page: Page, select: Locator, title: string): Promise<void> {
  await select.click();
  await openDropdown(page)
    .locator('.ant-select-tree-node-content-wrapper', { hasText: title })
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** The id of the element the properties panel shows (the panel's header names it). */
export async function selectedElementId(page: Page): Promise<string> {
  return (await page.getByTestId('designer-panel').locator('.designer-panel-id').innerText()).trim();
}

/**
 * The box of an element once it is laid out. boundingBox() answers null while the element is not visible, and
 * under CI load the canvas has been caught so between the panel showing and the next frame: a null box is waited
 * out, not dereferenced.
 */
async function visibleBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  for (;;) {
    await locator.waitFor({ state: 'visible' });
    const box = await locator.boundingBox();
    if (box && box.height > 0) return box;
    await locator.page().waitForTimeout(100);
  }
}

/**
 * Clicks a diagram element by its BPMN id, which selects it and opens its context pad. The selection is cleared
 * first by a click on empty canvas: a click on the element already selected would deselect it (bpmn-js), and the
 * open context pad of another element may cover the one wanted.
 */
export async function clickElement(page: Page, elementId: string): Promise<void> {
  const element = page.locator(`.djs-element[data-element-id="${elementId}"]`).first();
  // The canvas has its final size once the Modeler is ready (the panel beside it shows).
  await page.getByTestId('designer-panel').waitFor();
  await element.waitFor({ state: 'attached' });
  const canvas = page.getByTestId('designer-canvas');
  const box = await visibleBox(canvas);
  // Bottom left: away from the palette (top left), the properties panel (right) and the drawing (middle).
  await canvas.click({ position: { x: 120, y: box.height - 30 } });
  await page.waitForFunction(() => document.querySelector('[data-testid="designer-panel"]')?.getAttribute('data-kind') === 'process');
  // A straight flow's box has no height (the stroke is not counted), which Playwright takes for invisible: its
  // middle is on the line, so it is clicked there without that check.
  const isFlow = (await element.getAttribute('class'))?.includes('djs-connection') ?? false;
  await element.click({ force: isFlow });
  await page.waitForFunction((id) => document.querySelector('[data-testid="designer-panel"] .designer-panel-id')?.textContent?.trim() === id, elementId);
}

/** Appends after the element an element of the context pad entry `append.user-task` / `append.end-event`; answers its id. */
export async function appendAfter(page: Page, elementId: string, action: 'append.user-task' | 'append.end-event' | 'append.gateway'): Promise<string> {
  await clickElement(page, elementId);
  await page.locator(`.djs-context-pad [data-action="${action}"]`).click();
  // The appended element comes selected: wait until the panel shows something new.
  await page.waitForFunction((previous) => {
    const shown = document.querySelector('[data-testid="designer-panel"] .designer-panel-id')?.textContent?.trim();
    return !!shown && shown !== previous;
  }, elementId);
  return selectedElementId(page);
}

/** Fills the selected user task's name and assignee in the panel. */
export async function configureUserTask(page: Page, step: ApprovalStep): Promise<void> {
  const panel = page.getByTestId('designer-panel');
  await panel.getByTestId('panel-task-name').fill(step.name);
  await panel.getByTestId('panel-task-name').press('Enter');
  const typeLabel = await page.evaluate((type) => {
    const labels: Record<string, Record<string, string>> = {
      zh: { user: '指定人员', role: '角色', dept: '部门', deptLeader: '发起人部门负责人', initiator: '发起人', expression: '表达式' },
      en: { user: 'Users', role: 'Role', dept: 'Department', deptLeader: "Initiator's department head", initiator: 'Initiator', expression: 'Expression' },
    };
    return labels[document.documentElement.lang === 'en' ? 'en' : 'zh'][type];
  }, step.assigneeType);
  await chooseOption(page, panel.getByTestId('panel-assignee-type'), typeLabel);
  if (step.assigneeType === 'role') await chooseTreeNode(page, panel.getByTestId('panel-assignee-roles'), step.roleName ?? '');
  if (step.assigneeType === 'dept') await chooseTreeNode(page, panel.getByTestId('panel-assignee-depts'), step.deptName ?? '');
  if (step.assigneeType === 'expression') {
    await panel.getByTestId('panel-assignee-expression').fill(step.expression ?? '');
    await panel.getByTestId('panel-assignee-expression').press('Enter');
  }
}

/** Opens the model list, starts a new model and draws the two steps; the designer is left open on the saved model. */
export async function drawTwoStepApproval(page: Page, baseUrl: string, approval: TwoStepApproval): Promise<{ modelId: string }> {
  await page.goto(`${baseUrl}/workflow/design/model`);
  await page.getByTestId('model-add').click();
  await page.getByTestId('new-model-name').fill(approval.name);
  await page.getByTestId('new-model-key').fill(approval.key);
  await page.getByTestId('new-model-open').click();

  await page.getByTestId('workflow-designer').waitFor();
  await page.locator('.djs-element[data-element-id="StartEvent_1"]').waitFor();
  const first = await appendAfter(page, 'StartEvent_1', 'append.user-task');
  await configureUserTask(page, approval.first);
  const second = await appendAfter(page, first, 'append.user-task');
  await configureUserTask(page, approval.second);
  await appendAfter(page, second, 'append.end-event');

  await page.getByTestId('designer-save').click();
  await page.waitForURL((url) => /\/workflow\/design\/process\/\d+$/.test(url.pathname));
  const modelId = new URL(page.url()).pathname.split('/').pop()!;
  // The page at the saved model's address has its Modeler ready (the toolbar's buttons then act on it).
  await page.getByTestId('designer-model-version').waitFor();
  await page.getByTestId('designer-panel').waitFor();
  return { modelId };
}
