/**
 * One server process per data directory. A second `npm start` on the same
 * directory must stop with a clear message instead of fighting the first one
 * for the embedded database files.
 *
 * The lock file names its holder by PID, the process's start time and a random
 * token: a PID alone is reused after a crash or a reboot, and a lock naming a
 * live but unrelated process must not block the start (db/processIdentity.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { canProveIdentity, commandOf, isProcessAlive, isSameProcess, processStartTime } from './processIdentity.js';

export class DataDirInUseError extends Error {}

interface LockHolder {
  pid: number;
  startTime?: string;
  token?: string;
}

/** The holder named by a lock file; a lock written by an older version holds a bare PID. */
export function readLockHolder(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as LockHolder;
    return Number.isInteger(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process a lock names is still the process that wrote it. */
export function isLockHeld(holder: LockHolder | undefined): boolean {
  if (!holder || holder.pid === process.pid) return false;
  // A bare PID (a lock written before start times were recorded) holds only if that PID is a node process.
  if (holder.startTime === undefined && canProveIdentity) return isProcessAlive(holder.pid) && /^node/.test(commandOf(holder.pid));
  return isSameProcess(holder.pid, holder.startTime);
}

/** Takes the lock or throws DataDirInUseError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const mine: LockHolder = { pid: process.pid, startTime: processStartTime(process.pid), token: crypto.randomBytes(12).toString('hex') };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(mine), { flag: 'wx' });
      // Remove the file only while it is still ours (a later server may have taken over a lock it proved stale).
      return () => {
        if (readLockHolder(fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8') : '')?.token === mine.token) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockHolder(fs.readFileSync(lockFile, 'utf8'));
      if (isLockHeld(holder)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already used by another server (process ${holder!.pid}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      // A stale lock left by a crashed process (or naming a process that merely reuses its PID): remove it and try once more.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}
