/** A reference cell links to the referenced row's detail page when the register has one and the user may open it. */
import { describe, expect, it } from 'vitest';
import type { ClientFieldSchema } from '../../../src/shared/clientSchema';
import { referenceDetailPath } from '../../../src/web/renderers/referenceLinks';

const eventRef = { type: 'string', 'x-ref': 'inspect/event' } as ClientFieldSchema;
const granted = () => true;

describe('reference links', () => {
  it('lead to the referenced register’s detail page on that row', () => {
    expect(referenceDetailPath(eventRef, '913629534831734784', granted)).toBe('/event/detail?id=913629534831734784');
  });

  it('lead nowhere when the user’s menus do not hold the page', () => {
    expect(referenceDetailPath(eventRef, '913629534831734784', (path) => path !== '/event/detail')).toBeUndefined();
  });

  it('lead nowhere without one row id, or for a register without a detail page', () => {
    expect(referenceDetailPath(eventRef, '', granted)).toBeUndefined();
    expect(referenceDetailPath(eventRef, '1,2', granted)).toBeUndefined();
    expect(referenceDetailPath({ type: 'array', 'x-ref': 'inspect/event' } as ClientFieldSchema, ['1'], granted)).toBeUndefined();
    expect(referenceDetailPath({ type: 'string', 'x-ref': 'system/region', 'x-ref-key': 'code' } as ClientFieldSchema, '330000', granted)).toBeUndefined();
    expect(referenceDetailPath({ type: 'string', 'x-ref': 'system/post' } as ClientFieldSchema, '12', granted)).toBeUndefined();
  });
});
