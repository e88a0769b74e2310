// What the benchmark scripts share: a free port, and the server (or another script) started as a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A child process, once `readyUrl` answers; its output is shown only if it fails to start. */
export async function start(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  nodeOptions: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(readyUrl)).ok) {
        // From now on its log is read and dropped, as a log collector would read it.
        child.stdout?.removeListener('data', keep);
        child.stderr?.removeListener('data', keep);
        child.stdout?.resume();
        child.stderr?.resume();
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`${args[0]} did not start:\n${output}`);
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
