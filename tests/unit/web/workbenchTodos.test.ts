import { describe, expect, it } from 'vitest';
import { pageOfSchema } from '../../../src/web/renderers/schemaPageLogic';
import { todosFor, WORKBENCH_TODOS } from '../../../src/web/pages/wel/workbenchTodos';
import { entityModel } from '../../../src/server/engine/entityRegistry';

const schemaById = (id: string) => entityModel(id).schema;

describe('the workbench to-dos', () => {
  it('are shown only for pages the user’s menus hold, each linking to its page with the same filter', () => {
    const todos = todosFor(new Set(['/inspect/inspectRecord/index', '/urgent/risk']));
    expect(todos.map((todo) => todo.key)).toEqual(['inspectPending', 'risksOpen', 'risksInProgress']);
    expect(todos[0].link).toBe('/inspect/inspectRecord/index?auditStatus=0');
    expect(todos[1].link).toBe('/urgent/risk?riskStatus=1');
  });

  it('nobody with none of those pages gets none', () => {
    expect(todosFor(new Set(['/system/param']))).toEqual([]);
  });

  it('every to-do names a register with a page whose search offers the filtered field', () => {
    for (const todo of WORKBENCH_TODOS) {
      expect(pageOfSchema(todo.schemaId), todo.schemaId).toBeDefined();
      const schema = schemaById(todo.schemaId);
      for (const field of Object.keys(todo.filter)) expect(schema.properties[field]?.['x-search'], `${todo.schemaId}.${field}`).toBe('eq');
    }
  });
});
