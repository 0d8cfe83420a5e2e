/**
 * A user task's settings as the properties panel edits them, and their rsc attributes (contract 14 §2, exact
 * names). Pure: reading takes anything with `get(name)` (a moddle element), writing answers the attribute patch
 * that `modeling.updateProperties` applies — an empty value removes the attribute rather than writing "".
 */
export const ASSIGNEE_TYPES = ['user', 'role', 'dept', 'deptLeader', 'initiator', 'expression'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

export const MULTI_INSTANCE_KINDS = ['none', 'parallel', 'sequential'] as const;
export type MultiInstanceKind = (typeof MULTI_INSTANCE_KINDS)[number];

/** The buttons a task shows when the model names none. */
export const DEFAULT_TASK_BUTTONS = ['flow_pass', 'flow_reject'];

export interface UserTaskSettings {
  assigneeType?: AssigneeType;
  /** Comma list of user, role or dept ids, or `${variable}` for an expression; empty for deptLeader/initiator. */
  assignee: string;
  /** Comma list of `role:<id>` / `dept:<id>`. */
  candidateGroups: string;
  multiInstance: MultiInstanceKind;
  /** `all`, `any` or `ratio:<0..1>`. */
  completionCondition: string;
  formKey: string;
  formReadonly: boolean;
  buttons: string[];
  dueHours?: number;
  remindHours?: number;
}

interface AttributeSource {
  get(name: string): unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function numberOf(value: unknown): number | undefined {
  const parsed = Number(text(value));
  return text(value) !== '' && Number.isFinite(parsed) ? parsed : undefined;
}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function readUserTask(element: AttributeSource): UserTaskSettings {
  const assigneeType = text(element.get('rsc:assigneeType'));
  const multiInstance = text(element.get('rsc:multiInstance'));
  const buttons = text(element.get('rsc:buttons'));
  return {
    assigneeType: (ASSIGNEE_TYPES as readonly string[]).includes(assigneeType) ? (assigneeType as AssigneeType) : undefined,
    assignee: text(element.get('rsc:assignee')),
    candidateGroups: text(element.get('rsc:candidateGroups')),
    multiInstance: (MULTI_INSTANCE_KINDS as readonly string[]).includes(multiInstance) ? (multiInstance as MultiInstanceKind) : 'none',
    completionCondition: text(element.get('rsc:completionCondition')) || 'all',
    formKey: text(element.get('rsc:formKey')),
    formReadonly: text(element.get('rsc:formReadonly')) === 'true',
    buttons: buttons ? splitList(buttons) : DEFAULT_TASK_BUTTONS,
    dueHours: numberOf(element.get('rsc:dueHours')),
    remindHours: numberOf(element.get('rsc:remindHours')),
  };
}

/** Whether the assignee list is typed by the designer for this type (deptLeader and initiator need none). */
export function needsAssignee(type: AssigneeType | undefined): boolean {
  return type === 'user' || type === 'role' || type === 'dept' || type === 'expression';
}

const orUndefined = (value: string) => (value === '' ? undefined : value);

/** The rsc attributes for the changed settings (only the keys present in `patch`). */
export function userTaskAttributes(patch: Partial<UserTaskSettings>): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = {};
  if ('assigneeType' in patch) attributes['rsc:assigneeType'] = patch.assigneeType;
  if ('assignee' in patch) attributes['rsc:assignee'] = orUndefined(patch.assignee ?? '');
  if ('candidateGroups' in patch) attributes['rsc:candidateGroups'] = orUndefined(patch.candidateGroups ?? '');
  if ('multiInstance' in patch) attributes['rsc:multiInstance'] = patch.multiInstance === 'none' ? undefined : patch.multiInstance;
  if ('completionCondition' in patch) attributes['rsc:completionCondition'] = patch.completionCondition === 'all' ? undefined : patch.completionCondition;
  if ('formKey' in patch) attributes['rsc:formKey'] = orUndefined(patch.formKey ?? '');
  if ('formReadonly' in patch) attributes['rsc:formReadonly'] = patch.formReadonly ? 'true' : undefined;
  if ('buttons' in patch) attributes['rsc:buttons'] = orUndefined((patch.buttons ?? []).join(','));
  if ('dueHours' in patch) attributes['rsc:dueHours'] = patch.dueHours === undefined ? undefined : String(patch.dueHours);
  if ('remindHours' in patch) attributes['rsc:remindHours'] = patch.remindHours === undefined ? undefined : String(patch.remindHours);
  return attributes;
}

/** `ratio:0.6` → 0.6; anything else → undefined. */
export function completionRatio(condition: string): number | undefined {
  const match = /^ratio:(0(?:\.\d+)?|1(?:\.0+)?)$/.exec(condition);
  return match ? Number(match[1]) : undefined;
}

/** Candidate groups as picked ids by kind: `role:1,dept:2` → {roles: ['1'], depts: ['2']}. */
export function candidateGroupsOf(value: string): { roles: string[]; depts: string[] } {
  const groups = { roles: [] as string[], depts: [] as string[] };
  for (const entry of splitList(value)) {
    const [kind, id] = entry.split(':');
    if (kind === 'role' && id) groups.roles.push(id);
    if (kind === 'dept' && id) groups.depts.push(id);
  }
  return groups;
}

export function candidateGroupsText(roles: string[], depts: string[]): string {
  return [...roles.map((id) => `role:${id}`), ...depts.map((id) => `dept:${id}`)].join(',');
}
