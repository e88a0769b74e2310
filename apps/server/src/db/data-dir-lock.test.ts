import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, processStartTime } from './data-dir-lock.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hiram-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid as number;
}

describe('data directory lock', () => {
  it('writes our pid, refuses a second holder, and is gone once released', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(join(dir, 'data'));
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(join(dir, 'data'))).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(join(dir, 'data'))).toThrow(/in use by another Hiram server \(pid \d+\)/);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(join(dir, 'data')).release();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a process that started later (a restarted container)', () => {
    const dir = freshDir();
    const ourStart = processStartTime(process.pid);
    expect(ourStart).not.toBeNull();
    // Our own pid, as pid 1 is again after a container restart, but started at another time.
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.pid}\n${Number(ourStart) - 1}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n${ourStart}\n`);
    lock.release();
  });

  it('refuses a lock whose process still runs, naming it', () => {
    const dir = freshDir();
    const parent = process.ppid;
    writeFileSync(join(dir, LOCK_FILE_NAME), `${parent}\n${processStartTime(parent)}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Hiram server (pid ${parent})`);
  });

  it('takes over a lock file that holds no pid', () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('leaves another holder’s lock file alone when releasing', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, '1\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe('1\n');
  });
});
