import { closeSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two processes opening one PGlite data directory corrupt it (GUIDE section 9), so the directory is
 * locked by a file holding the owner's pid and, on Linux, when that process started. A lock whose process
 * is gone (a crash, a kill -9) is taken over, and so is one whose pid now belongs to another process (after
 * a reboot, or a container restarted with the same pid 1).
 */
export const LOCK_FILE_NAME = 'hiram.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Hiram server (pid ${ownerPid}). ` +
        'Stop that server first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the process started, in clock ticks since boot (/proc/PID/stat, field 22); null off Linux. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

interface Owner {
  pid: number;
  startTime: string | null;
  text: string;
}

function readOwner(path: string): Owner | null {
  try {
    const text = readFileSync(path, 'utf8');
    const [pidLine, startLine] = text.split('\n');
    const pid = Number.parseInt(pidLine?.trim() ?? '', 10);
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    return { pid, startTime: startLine?.trim() || null, text };
  } catch {
    return null;
  }
}

function isAlive(owner: Owner): boolean {
  if (!isRunning(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  // The pid runs, but a process that started at another time: the owner is gone and its pid reused.
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  if (!tryCreate(path)) {
    const owner = readOwner(path);
    // Our own process counts as alive: a second open of the directory in this process is refused too.
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    // Another server may be taking the same stale lock over: remove it only if it still is the one judged.
    if (readOwner(path)?.text === owner?.text) rmSync(path, { force: true });
    if (!tryCreate(path)) throw new DataDirLockedError(dataDir, readOwner(path)?.pid ?? 0);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    if (readOwner(path)?.pid === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    }
  };
  // Released on any exit, even one that skips the graceful shutdown.
  process.on('exit', release);
  return { path, release };
}
