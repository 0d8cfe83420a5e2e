import { describe, expect, it } from 'vitest';
import { eventButton, eventPage } from '../../../src/server/actions/desk/eventTodos';
import { todoLabelKey, todoLink } from '../../../src/web/pages/wel/workbenchTodos';
import en from '../../../src/web/i18n/locales/en/core';
import zh from '../../../src/web/i18n/locales/zh/core';
import { pageOfSchema } from '../../../src/web/renderers/schemaPageLogic';

const EVENT_TODOS = ['eventsToAccept', 'eventsToHandle', 'eventsToReCheck'];

describe('the workbench’s event to-dos', () => {
  it('open the event list page the server names, with its filter', () => {
    expect(todoLink({ schemaId: 'inspect/event', path: '/event/processing/index', filter: { status: '2' } })).toBe('/event/processing/index?status=2');
    expect(todoLink({ schemaId: 'inspect/event', path: '/event/received/index', filter: {} })).toBe('/event/received/index');
  });

  it('name pages the console has: the event register’s page and its views', () => {
    const page = pageOfSchema('inspect/event')!;
    const paths = [page.path, ...(page.views ?? []).map((view) => view.path)];
    for (const list of ['acceptPage', 'processPage']) expect(paths).toContain(eventPage(list));
    expect(eventPage('acceptPage')).toBe('/event/received/index');
    expect(eventPage('processPage')).toBe('/event/processing/index');
  });

  it('are counted for holders of the buttons that act on them', () => {
    expect(eventButton('accept')).toBe('event_received_accept');
    expect(eventButton('audit')).toBe('event_processing_audit');
    expect(() => eventButton('fly')).toThrow();
  });

  it('read in both languages; the river chief knows the events to sign for as 问题台账', () => {
    for (const key of [...EVENT_TODOS, 'eventsLedger']) {
      expect(zh.wel.todos[key as keyof typeof zh.wel.todos], key).toBeTruthy();
      expect(en.wel.todos[key as keyof typeof en.wel.todos], key).toBeTruthy();
    }
    expect(todoLabelKey({ key: 'eventsToAccept' }, ['river_chief'])).toBe('wel.todos.eventsLedger');
    expect(todoLabelKey({ key: 'eventsToAccept' }, ['farm_admin'])).toBe('wel.todos.eventsToAccept');
    expect(todoLabelKey({ key: 'eventsToHandle' }, ['river_chief'])).toBe('wel.todos.eventsToHandle');
  });
});
