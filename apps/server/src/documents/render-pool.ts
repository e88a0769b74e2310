import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../domain/app-error.ts';
import type { DocumentJob } from './document-jobs.ts';
import type { RenderReply } from './render-worker.ts';

/**
 * Worker threads that render PDFs (ADR 0062). Laying out and subsetting fonts is seconds of CPU on a busy
 * machine; on the event loop it held every other request, health checks and a stop signal up with it.
 * Here the loop only posts a job and receives bytes. Threads start on demand, up to `size`, and end after
 * `idleMs` without work; jobs beyond the threads wait in a bounded queue, and one more is refused with
 * 50308 and the seconds to wait. A render that runs past `timeoutMs`, or a thread that dies (out of its
 * memory limit), answers 50309 and its thread is replaced.
 */
export interface RenderPoolOptions {
  size: number;
  queueLimit: number;
  timeoutMs: number;
  idleMs: number;
}

/** One thread fewer than the machine has (the event loop keeps one), at least one, at most four. */
export function renderThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

export const RENDER_POOL_DEFAULTS = {
  /** A statement of a long loan is a few pages: half a second alone, a few seconds on a loaded machine. */
  timeoutMs: 30_000,
  idleMs: 60_000,
  /** Renders waiting per thread: beyond it the wait would outlast a client's patience (REQUEST_TIMEOUT_MS). */
  queuePerThread: 12,
} as const;

/** A thread's heap for one document: far above what a statement needs, far below the server's. */
const THREAD_HEAP_MB = 256;

export interface Rendered {
  pdf: Uint8Array;
  /** How long the thread took, from the job to the bytes. */
  ms: number;
}

interface Task {
  id: number;
  job: DocumentJob;
  resolve: (rendered: Rendered) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The worker's file: the build's dist/render-worker.js beside the bundle, or the TypeScript source through
 * a small bootstrap that registers tsx in the thread (a thread does not inherit the process's loader).
 */
function workerEntry(): { file: URL; workerData?: string } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      file: new URL('./render-worker-from-source.mjs', import.meta.url),
      workerData: new URL('./render-worker.ts', import.meta.url).href,
    };
  }
  return { file: new URL('./render-worker.js', import.meta.url) };
}

function notPrepared(): AppError {
  return new AppError('DOCUMENT_NOT_PREPARED', { headers: { 'retry-after': '60' } });
}

export class RenderPool {
  private readonly threads = new Set<Thread>();
  private readonly idle: Thread[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** A moving average of a render's time, for the seconds a refused caller is told to wait. */
  private averageMs = 1000;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The PDF of `job`, rendered in a thread; 50308 at once when the queue is full. */
  run(job: DocumentJob): Promise<Rendered> {
    if (this.closed) return Promise.reject(notPrepared());
    if (this.waiting.length >= this.options.queueLimit) {
      const seconds = Math.max(1, Math.ceil(this.expectedWaitMs() / 1000));
      return Promise.reject(
        new AppError('DOCUMENTS_BUSY', {
          data: { retryAfterSeconds: seconds },
          values: { seconds },
          headers: { 'retry-after': String(seconds) },
          log: { waiting: this.waiting.length, threads: this.threads.size },
        }),
      );
    }
    return new Promise<Rendered>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Roughly how long a render asked for now would take to come back. */
  expectedWaitMs(): number {
    const ahead = this.waiting.length + this.running();
    return this.averageMs * (1 + ahead / this.options.size);
  }

  running(): number {
    return this.threads.size - this.idle.length;
  }

  /** Ends every thread; renders under way or waiting are refused (a stop lets requests finish first). */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(notPrepared());
    const ending = [...this.threads].map((thread) => this.end(thread));
    await Promise.all(ending);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread = this.idle.pop() ?? (this.threads.size < this.options.size ? this.start() : null);
      if (!thread) return;
      this.assign(thread, this.waiting.shift() as Task);
    }
  }

  private start(): Thread {
    const { file, workerData } = workerEntry();
    const worker = new Worker(file, {
      workerData,
      name: 'pdf-render',
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    // An idle thread never keeps the process alive; a render under way is awaited by its request.
    worker.unref();
    const thread: Thread = { worker, task: null, timer: null };
    this.threads.add(thread);
    worker.on('message', (reply: RenderReply) => this.finish(thread, reply));
    worker.on('error', (error) => {
      this.log.error({ err: error, document: thread.task?.job.document }, 'a PDF render thread failed');
      this.lose(thread);
    });
    worker.on('exit', () => this.lose(thread));
    return thread;
  }

  private assign(thread: Thread, task: Task): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.task = task;
    thread.timer = setTimeout(() => {
      this.log.warn(
        { document: task.job.document, ms: this.options.timeoutMs },
        'a PDF render ran out of time',
      );
      void this.end(thread);
    }, this.options.timeoutMs);
    try {
      thread.worker.postMessage({ id: task.id, job: task.job });
    } catch (error) {
      // A job that cannot cross to a thread (a bug: a function in it) fails alone.
      thread.task = null;
      task.reject(error);
      this.release(thread);
    }
  }

  private finish(thread: Thread, reply: RenderReply): void {
    const task = thread.task;
    if (!task || task.id !== reply.id) return;
    thread.task = null;
    if ('error' in reply) {
      task.reject(new Error(`rendering a ${task.job.document} failed in its thread: ${reply.error}`));
    } else {
      this.averageMs = 0.7 * this.averageMs + 0.3 * reply.ms;
      task.resolve({ pdf: reply.pdf, ms: reply.ms });
    }
    this.release(thread);
  }

  private release(thread: Thread): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    const next = this.waiting.shift();
    if (next) {
      this.assign(thread, next);
      return;
    }
    this.idle.push(thread);
    thread.timer = setTimeout(() => {
      void this.end(thread);
    }, this.options.idleMs);
    thread.timer.unref();
  }

  /** Ends a thread (idle too long, past its time, or at close); its task, if any, is refused. */
  private async end(thread: Thread): Promise<void> {
    this.lose(thread);
    await thread.worker.terminate();
  }

  /** Forgets a thread that ended or is being ended, refusing its task, and starts another if work waits. */
  private lose(thread: Thread): void {
    if (!this.threads.delete(thread)) return;
    if (thread.timer) clearTimeout(thread.timer);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    thread.task?.reject(notPrepared());
    thread.task = null;
    if (!this.closed) this.dispatch();
  }
}
