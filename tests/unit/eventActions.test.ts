/** The event steps' codes the server writes and the console reads are the entries of the event_action dictionary. */
import { describe, expect, it } from 'vitest';
import { EVENT_ACTION, eventActionName } from '../../src/shared/eventActions.js';
import { readJson } from './fixtures.js';

describe('event actions', () => {
  it('are the event_action dictionary, code for code', () => {
    const dictionaries = readJson('dictionaries/business.json') as { code: string; entries: { key: string }[] }[];
    const keys = dictionaries.find((dict) => dict.code === 'event_action')!.entries.map((entry) => Number(entry.key));
    expect(keys.sort((a, b) => a - b)).toEqual(Object.values(EVENT_ACTION).sort((a, b) => a - b));
  });

  it('read a stored code or a name as the name', () => {
    expect(eventActionName(3)).toBe('accept');
    expect(eventActionName('13')).toBe('audit');
    expect(eventActionName('assign')).toBe('assign');
  });
});
