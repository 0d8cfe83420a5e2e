/** How the event pages read an event (src/web/pages/event/eventFacts.ts): photos, deadlines, a public reporter's phone, log steps. */
import { describe, expect, it } from 'vitest';
import { actionName, isOverdue, maskPhone, photoList, stepColour } from '../../../src/web/pages/event/eventFacts.js';

/** 26 November, 09:30 in Shanghai. */
const TODAY = new Date('2026-11-26T01:30:00Z');

describe('event facts', () => {
  it('photos come as a list or as a comma-joined text, blanks dropped', () => {
    expect(photoList(['/a.png', '', '/b.png'])).toEqual(['/a.png', '/b.png']);
    expect(photoList('/a.png, /b.png,')).toEqual(['/a.png', '/b.png']);
    expect(photoList(null)).toEqual([]);
  });

  it('an unfinished event is overdue from the day after its deadline; a finished one never', () => {
    expect(isOverdue('2026-11-25', 2, TODAY)).toBe(true);
    expect(isOverdue('2026-11-26', 2, TODAY)).toBe(false);
    expect(isOverdue('2026-11-25 00:00:00', 1, TODAY)).toBe(true);
    for (const finished of [4, 5, 6]) expect(isOverdue('2026-11-01', finished, TODAY)).toBe(false);
    expect(isOverdue(null, 2, TODAY)).toBe(false);
  });

  it("a public reporter's phone keeps its first three and last four digits", () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('0591-7654321')).toBe('059*****4321');
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone(undefined)).toBe('');
  });

  it('a log step reads by name whether stored as its event_action code or its name', () => {
    expect(actionName(1)).toBe('report');
    expect(actionName('4')).toBe('assign');
    expect(actionName(15)).toBe('chiefClose');
    expect(actionName('process')).toBe('process');
  });

  it('a step that completes is green, one that sends back or withdraws is red, others blue', () => {
    expect(stepColour(13, 4)).toBe('green');
    expect(stepColour(13, 2)).toBe('red');
    expect(stepColour('sendBack', 5)).toBe('red');
    expect(stepColour(4, 2)).toBe('blue');
  });
});
