import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs the sources (`tsx src/main.ts`; `npm start` runs their build, ADR 0021), and collects what it prints and how it ends. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const SERVER_DIR = join(import.meta.dirname, '../..');

export function runMain(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: SERVER_DIR,
      // Only what the test sets, plus what Node needs: the developer's own DATABASE_URL must not leak in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not stop within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
