import { describe, expect, it } from 'vitest';
import { TODOS } from '../../../src/server/actions/desk/todos';
import { entityModel } from '../../../src/server/engine/entityRegistry';
import { todoLink } from '../../../src/web/pages/wel/workbenchTodos';
import { pageOfSchema } from '../../../src/web/renderers/schemaPageLogic';

describe('the workbench to-dos', () => {
  it('each links to its register’s page with the same filter', () => {
    expect(todoLink({ schemaId: 'inspect/record', filter: { auditStatus: '0' } })).toBe('/inspect/inspectRecord/index?auditStatus=0');
    expect(todoLink({ schemaId: 'urgent/risk', filter: { riskStatus: '1' } })).toBe('/urgent/risk?riskStatus=1');
  });

  it('every to-do the server counts names a register with a page whose search offers the filtered field', () => {
    for (const todo of TODOS) {
      expect(pageOfSchema(todo.schemaId), todo.schemaId).toBeDefined();
      const schema = entityModel(todo.schemaId).schema;
      for (const field of Object.keys(todo.where)) expect(schema.properties[field]?.['x-search'], `${todo.schemaId}.${field}`).toBe('eq');
    }
  });
});
