/**
 * Hand-written register code reads and writes through the engine (the local API, scopedQuery, hooks),
 * which applies the tenant, data scope and soft delete: nobody types `tenant_id` by hand. The few
 * deliberate exceptions (a write that crosses tenants by design, an infrastructure table) say why
 * in a `// tenant-sql: <why>` comment just above.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ACTIONS = path.resolve(import.meta.dirname, '../../src/server/actions');
/** A handful: each is a reasoned exception, and a new one needs a reason too. */
const MAX_EXCEPTIONS = 20;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface Occurrence {
  where: string;
  isExplained: boolean;
}

/** Every line of the actions that types tenant_id, and whether a `tenant-sql:` comment explains it (same line or up to 3 lines above). */
function tenantOccurrences(): Occurrence[] {
  return sourceFiles(ACTIONS).flatMap((file) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, index) => {
      if (!/tenant_id/.test(line) || /^\s*(\/\/|\*)/.test(line)) return [];
      const context = lines.slice(Math.max(0, index - 3), index + 1).join('\n');
      return [{ where: `${path.relative(ACTIONS, file)}:${index + 1}`, isExplained: context.includes('tenant-sql:') }];
    });
  });
}

describe('register code goes through the engine', () => {
  it('no action types tenant_id without a tenant-sql: reason', () => {
    expect(
      tenantOccurrences()
        .filter((o) => !o.isExplained)
        .map((o) => o.where),
    ).toEqual([]);
  });

  it('the reasoned exceptions stay a handful', () => {
    expect(tenantOccurrences().length).toBeLessThanOrEqual(MAX_EXCEPTIONS);
  });
});
