/**
 * Where the embedded cluster's files go. Normally `<dataDir>/pg`. Started as
 * root, PostgreSQL runs as the `postgres` OS user, which must be able to walk
 * down to its directory: a project cloned into root's home (mode 700) is out
 * of its reach and initdb fails with "Permission denied". Then the cluster is
 * kept under /var/lib/reservoir-safety-console/<hash of the data directory>/pg
 * (one per data directory, the same one at every start) and the start says so.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SYSTEM_DATABASE_ROOT = '/var/lib/reservoir-safety-console';

export interface Account {
  uid: number;
  gids: number[];
}

/** Whether `account` may enter every directory from / down to `dir` (search permission on each; the deepest existing one counts). */
export function isReachableBy(dir: string, account: Account, stat: (file: string) => fs.Stats = fs.statSync): boolean {
  const absolute = path.resolve(dir);
  const parts = absolute.split(path.sep).filter(Boolean);
  for (let depth = 0; depth <= parts.length; depth++) {
    const current = path.sep + parts.slice(0, depth).join(path.sep);
    let info: fs.Stats;
    try {
      info = stat(current);
    } catch {
      return true; // not created yet: it will be created for the database user
    }
    if (account.uid === 0) continue;
    const bit = info.uid === account.uid ? 0o100 : account.gids.includes(info.gid) ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return false;
  }
  return true;
}

/** The `postgres` OS user, or a fresh account (only "others" permissions apply) when it does not exist yet. */
function postgresAccount(): Account {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split(/\s+/)
      .map(Number);
    return { uid, gids };
  } catch {
    return { uid: -1, gids: [] };
  }
}

export function databaseDirFor(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'pg');
  // Only root hands the cluster to another OS user; a cluster already there (a reachable path before) stays.
  if (process.getuid?.() !== 0 || fs.existsSync(path.join(inDataDir, 'PG_VERSION'))) return inDataDir;
  if (isReachableBy(inDataDir, postgresAccount())) return inDataDir;
  const hash = crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  const elsewhere = path.join(SYSTEM_DATABASE_ROOT, hash, 'pg');
  fs.mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o755 });
  const message =
    `the database user "postgres" cannot reach ${path.resolve(dataDir)} (a parent directory is closed to other users, e.g. root's home): ` +
    `the embedded PostgreSQL keeps its files in ${elsewhere} instead (uploads and settings stay in ${path.resolve(dataDir)})`;
  console.log(message);
  return elsewhere;
}

/**
 * The directory of the PostgreSQL programs, where the database user can run them. As root with the
 * project in a directory closed to others, node_modules is out of its reach as well: the programs
 * (bin, lib, share: about 60 MB) are copied once under SYSTEM_DATABASE_ROOT.
 */
export function reachableBinDir(binDir: string): string {
  if (process.getuid?.() !== 0 || isReachableBy(binDir, postgresAccount())) return binDir;
  const nativeDir = path.dirname(binDir);
  const version = fs.existsSync(path.join(nativeDir, '..', 'package.json'))
    ? (JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string }).version
    : crypto.createHash('sha256').update(nativeDir).digest('hex').slice(0, 16);
  const copy = path.join(SYSTEM_DATABASE_ROOT, `postgres-${version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    console.log(`the database user "postgres" cannot reach ${nativeDir}: copying the PostgreSQL programs to ${copy}`);
    const partial = `${copy}.partial-${process.pid}`;
    fs.mkdirSync(SYSTEM_DATABASE_ROOT, { recursive: true, mode: 0o755 });
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.renameSync(partial, copy);
  }
  return path.join(copy, 'bin');
}
