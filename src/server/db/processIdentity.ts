/**
 * Is that process ours? A PID alone says nothing: after a crash or a reboot the
 * number is handed to another process. On Linux a process is identified by its
 * PID together with its start time (/proc/<pid>/stat field 22, in clock ticks
 * since boot), and a PostgreSQL server by its data directory (its working
 * directory, or -D on its command line). Elsewhere /proc does not exist: the
 * checks fall back conservatively (a live PID may be a holder; a postmaster
 * that cannot be proven ours is never signalled).
 */
import fs from 'node:fs';
import path from 'node:path';

export const canProveIdentity = process.platform === 'linux' && fs.existsSync('/proc/self/stat');

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The start time of a process (clock ticks since boot), or undefined when it is gone or /proc is missing. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces and ')': read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state), so field 22 is fields[19].
    return fields[19];
  } catch {
    return undefined;
  }
}

/** True when `pid` is alive and, where provable, is the same process that had `startTime` when it was recorded. */
export function isSameProcess(pid: number, startTime: string | undefined): boolean {
  if (!isProcessAlive(pid)) return false;
  if (!canProveIdentity || startTime === undefined) return true;
  return processStartTime(pid) === startTime;
}

/** The program name of a process (basename of its argv[0]); '' when unknown. */
export function commandOf(pid: number): string {
  try {
    return path.basename(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]);
  } catch {
    return '';
  }
}

function realPath(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * 'ours': a PostgreSQL server whose data directory is `databaseDir`; 'other': proven to be something else
 * (gone, another program, another data directory); 'unknown': cannot tell (no /proc, or not allowed to look).
 */
export function postmasterIdentity(pid: number, databaseDir: string): 'ours' | 'other' | 'unknown' {
  if (!isProcessAlive(pid)) return 'other';
  if (!canProveIdentity) return 'unknown';
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return isProcessAlive(pid) ? 'unknown' : 'other';
  }
  if (path.basename(args[0] ?? '') !== 'postgres') return 'other';
  const wanted = realPath(databaseDir) ?? path.resolve(databaseDir);
  const dashD = args.indexOf('-D');
  if (dashD >= 0 && args[dashD + 1]) return (realPath(args[dashD + 1]) ?? path.resolve(args[dashD + 1])) === wanted ? 'ours' : 'other';
  // No -D (a server started otherwise): PostgreSQL works in its data directory.
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === wanted ? 'ours' : 'other';
  } catch {
    return 'unknown';
  }
}
