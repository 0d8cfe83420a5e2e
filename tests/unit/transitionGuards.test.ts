/**
 * The one rule of who may fire a transition on a row (src/shared/transitionGuards.ts),
 * read by the server's transition operation and by the console's row actions.
 */
import { describe, expect, it } from 'vitest';
import type { StateTransition } from '../../src/shared/entitySchema.js';
import { transitionAllows, transitionRefusal } from '../../src/shared/transitionGuards.js';

const handler = { userId: '11', deptId: '7' };
const auditor = { userId: '22', deptId: '8,7' };
const row = { id: '1', status: 2, handlerId: '11', handlerDeptId: '7', createUser: '33', source: 2 };

const move = (guards: Partial<StateTransition>): StateTransition => ({ name: 'process', from: [2], to: [3], ...guards });

describe('transitionAllows', () => {
  it('needs the row in one of the from states when the state field is named', () => {
    expect(transitionAllows(move({}), row, handler, 'status')).toBe(true);
    expect(transitionRefusal(move({ from: [1] }), row, handler, 'status')).toEqual({ rule: 'state', field: 'status' });
    // Without the state field the state is the caller's to check (the console reads it from the binding's ui.when).
    expect(transitionAllows(move({ from: [1] }), row, handler)).toBe(true);
  });

  it('actor: only the user in the row field; an empty field admits nobody', () => {
    expect(transitionAllows(move({ actor: 'handlerId' }), row, handler)).toBe(true);
    expect(transitionRefusal(move({ actor: 'handlerId' }), row, auditor)).toEqual({ rule: 'actor', field: 'handlerId' });
    expect(transitionAllows(move({ actor: 'handlerId' }), { ...row, handlerId: null }, handler)).toBe(false);
    expect(transitionAllows(move({ actor: 'createUser' }), row, { userId: '33' })).toBe(true);
  });

  it("actorDept: one of the user's departments is the one in the row field", () => {
    expect(transitionAllows(move({ actorDept: 'handlerDeptId' }), row, handler)).toBe(true);
    expect(transitionAllows(move({ actorDept: 'handlerDeptId' }), row, auditor)).toBe(true);
    expect(transitionRefusal(move({ actorDept: 'handlerDeptId' }), row, { userId: '44', deptId: '9' })).toEqual({ rule: 'actorDept', field: 'handlerDeptId' });
    expect(transitionAllows(move({ actorDept: 'handlerDeptId' }), row, { userId: '44' })).toBe(false);
  });

  it('notActor: anyone but the user in the row field (four eyes); an empty field refuses nobody', () => {
    expect(transitionRefusal(move({ notActor: 'handlerId' }), row, handler)).toEqual({ rule: 'notActor', field: 'handlerId' });
    expect(transitionAllows(move({ notActor: 'handlerId' }), row, auditor)).toBe(true);
    expect(transitionAllows(move({ notActor: 'handlerId' }), { ...row, handlerId: null }, handler)).toBe(true);
  });

  it('when: each named field holds one of the listed values (null matches an empty field), compared as text', () => {
    expect(transitionAllows(move({ when: { source: [2] } }), row, handler)).toBe(true);
    expect(transitionAllows(move({ when: { source: ['2'] } }), row, handler)).toBe(true);
    expect(transitionRefusal(move({ when: { source: [1, 4] } }), row, handler)).toEqual({ rule: 'when', field: 'source' });
    expect(transitionAllows(move({ when: { handlerId: [null] } }), { ...row, handlerId: '' }, handler)).toBe(true);
    expect(transitionAllows(move({ when: { handlerId: [null] } }), row, handler)).toBe(false);
  });

  it('reports the first rule broken: state, then when, then the actor rules', () => {
    const all = move({ from: [1], when: { source: [1] }, actor: 'createUser' });
    expect(transitionRefusal(all, row, auditor, 'status')?.rule).toBe('state');
    expect(transitionRefusal(all, row, auditor)?.rule).toBe('when');
    expect(transitionRefusal(move({ when: { source: [2] }, actor: 'createUser' }), row, auditor)?.rule).toBe('actor');
  });
});
