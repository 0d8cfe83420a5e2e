/** The paginator says an estimated total as an estimate (issue 11, item 13): "约 62,000 条", "About 62,000". */
import { describe, expect, it } from 'vitest';
import { approximateTotal, totalText } from '../../../src/web/components/paginatorRules';
import enRenderers from '../../../src/web/i18n/locales/en/renderers';
import enShell from '../../../src/web/i18n/locales/en/shell';
import zhRenderers from '../../../src/web/i18n/locales/zh/renderers';
import zhShell from '../../../src/web/i18n/locales/zh/shell';

const zh = { ...zhShell, ...zhRenderers };
const en = { ...enShell, ...enRenderers };

/** A stand-in for i18next's t over one locale's shell and renderers strings. */
function translator(locale: object) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale) as string;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

describe('an estimated total', () => {
  it('is rounded to two significant digits and grouped', () => {
    expect(approximateTotal(62_487, 'zh')).toBe('62,000');
    expect(approximateTotal(979_933, 'en')).toBe('980,000');
    expect(approximateTotal(10_001, 'en')).toBe('10,000');
    expect(approximateTotal(57, 'en')).toBe('57');
  });

  it('reads 约 … 条 in Chinese and About … in English', () => {
    expect(totalText(translator(zh), 62_487, true, 'zh')).toBe('约 62,000 条');
    expect(totalText(translator(en), 62_487, true, 'en')).toBe('About 62,000');
  });

  it('leaves an exact total as it is', () => {
    expect(totalText(translator(zh), 340, false, 'zh')).toBe('共 340 条');
    expect(totalText(translator(en), 340, undefined, 'en')).toBe('Total 340');
    expect(totalText(translator(zh), 340, false, 'zh', 'renderers.total')).toBe('共 340 条');
  });
});
