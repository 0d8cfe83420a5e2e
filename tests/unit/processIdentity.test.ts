/**
 * Crash recovery trusts no bare PID: a lock naming a live process that is not
 * the one that wrote it does not block a start, and a postmaster.pid naming
 * a process that is not our PostgreSQL does not get that process signalled.
 * The cluster directory is kept where the `postgres` OS user can reach it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isReachableBy } from '../../src/server/db/databaseDirectory.js';
import { lockDataDir } from '../../src/server/db/dataDirLock.js';
import { stopOrphanedServer } from '../../src/server/db/embeddedDatabase.js';
import { postmasterIdentity, processStartTime } from '../../src/server/db/processIdentity.js';

const onLinux = process.platform === 'linux';
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-identity-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe.runIf(onLinux)('the data directory lock', () => {
  it('is not held by a live process that merely has the recorded PID (another start time)', () => {
    const dataDir = tempDir();
    // The test runner's parent is alive, but it did not write this lock: its start time differs.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.ppid, startTime: '1', token: 'x' }));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('is not held by a bare PID that names a process other than a node server', () => {
    const dataDir = tempDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(sleeper.pid));
      lockDataDir(dataDir)();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('is held while the process that wrote it runs', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.ppid, startTime: processStartTime(process.ppid), token: 'x' }));
    expect(() => lockDataDir(dataDir)).toThrow(/already used by another server/);
  });
});

describe.runIf(onLinux)('a postmaster left behind', () => {
  it('is not signalled when the PID in postmaster.pid now belongs to an unrelated process', async () => {
    const databaseDir = tempDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(databaseDir, 'postmaster.pid'), `${sleeper.pid}\n${databaseDir}\n`);
      expect(postmasterIdentity(sleeper.pid!, databaseDir)).toBe('other');
      await stopOrphanedServer(databaseDir, () => {});
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
      // The stale file is removed (PostgreSQL would refuse to start while its PID is alive).
      expect(fs.existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(false);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

describe('the cluster directory for the postgres OS user', () => {
  const other = { uid: 4242, gids: [4242] };

  it('is out of reach below a directory of another owner with mode 700 (root home)', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, 'project', 'data'), { recursive: true });
    fs.chmodSync(home, 0o700);
    expect(isReachableBy(path.join(home, 'project', 'data', 'pg'), other)).toBe(false);
  });

  it('is within reach when every directory down to it may be entered by others', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, 'project', 'data'), { recursive: true });
    fs.chmodSync(home, 0o755);
    expect(isReachableBy(path.join(home, 'project', 'data', 'pg'), other)).toBe(true);
  });
});
