/**
 * One server process per data directory. A second `npm start` on the same
 * directory must stop with a clear message instead of fighting the first one
 * for the embedded database files.
 */
import fs from 'node:fs';
import path from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {}

/** Takes the lock or throws DataDirInUseError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already used by another server (process ${holder}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      // A stale lock left by a crashed process: remove it and try once more.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}
