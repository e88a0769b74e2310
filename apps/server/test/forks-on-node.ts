import { type ChildProcess, fork } from 'node:child_process';
import { delimiter, dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/**
 * Vitest's `forks` pool with its test processes started by another Node.js binary: the PostgreSQL server
 * suites run on the production line (ADR 0060) while Vitest, and every other project, stay on the machine's
 * Node. Vitest has no setting for the binary a fork runs; a pool runner of its own (Vitest's custom pool API)
 * starts Vitest's fork entry as its `forks` pool does, with `execPath`. What a test file starts runs there
 * too: `process.execPath` is that binary, and its folder comes first on PATH (`npm start`, `npm run ops`).
 */
export function forksOnNode(nodePath: string): PoolRunnerInitializer {
  return {
    name: 'forks-on-production-node',
    createPoolWorker: (options) => new ForkOnNode(nodePath, options),
  };
}

/** Once stopped, a fork has this long to exit before it is killed (Vitest's own forks wait as long). */
const KILL_AFTER_MS = 500;

class ForkOnNode implements PoolWorker {
  readonly name = 'forks-on-production-node';
  readonly cacheFs = true;
  private child: ChildProcess | null = null;

  constructor(
    private readonly nodePath: string,
    private readonly options: PoolOptions,
  ) {}

  private get process(): ChildProcess {
    if (!this.child) throw new Error('The test process has not started or has stopped');
    return this.child;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.process.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.process.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.process.send(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const { env, execArgv, distPath, project } = this.options;
    this.child = fork(resolve(distPath, 'workers/forks.js'), [], {
      execPath: this.nodePath,
      execArgv,
      env: { ...env, PATH: [dirname(this.nodePath), env.PATH].filter(Boolean).join(delimiter) },
      stdio: 'pipe',
      serialization: 'advanced',
    });
    pipe(this.child.stdout, project.vitest.logger.outputStream);
    pipe(this.child.stderr, project.vitest.logger.errorStream);
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      child.kill();
      await exited;
      clearTimeout(killer);
    }
    const { outputStream, errorStream } = this.options.project.vitest.logger;
    unpipe(child.stdout, outputStream);
    unpipe(child.stderr, errorStream);
  }
}

// Every fork writes into Vitest's one output stream: one more listener each, as Vitest's forks allow.
function pipe(from: Readable | null, to: Writable): void {
  if (!from) return;
  to.setMaxListeners(to.getMaxListeners() + 1);
  from.pipe(to, { end: false });
}

function unpipe(from: Readable | null, to: Writable): void {
  if (!from) return;
  from.unpipe(to);
  to.setMaxListeners(to.getMaxListeners() - 1);
}
