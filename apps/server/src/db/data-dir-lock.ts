import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two processes opening one PGlite data directory corrupt it (GUIDE section 9), so the directory is
 * locked by a file holding the owner's pid. A lock whose pid is gone (a crash, a kill -9) is taken over.
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

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
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
    // Our own pid counts as alive: a second open of the directory in this process is refused too.
    if (owner !== null && isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
    unlinkSync(path);
    if (!tryCreate(path)) throw new DataDirLockedError(dataDir, readOwner(path) ?? 0);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    if (readOwner(path) === process.pid) {
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
