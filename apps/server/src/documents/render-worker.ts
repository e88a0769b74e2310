import { parentPort } from 'node:worker_threads';
import { type DocumentJob, renderDocument } from './document-jobs.ts';

/**
 * A worker thread of the render pool (render-pool.ts): renders one document at a time and sends its bytes
 * back, moved rather than copied. A failure is sent back as its message; the thread lives on.
 */
export interface RenderRequest {
  id: number;
  job: DocumentJob;
}

export type RenderReply = { id: number; pdf: Uint8Array; ms: number } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of the render pool');

port.on('message', async ({ id, job }: RenderRequest) => {
  const began = performance.now();
  try {
    const pdf = await renderDocument(job);
    const reply: RenderReply = { id, pdf, ms: performance.now() - began };
    // Moved when the bytes fill their buffer alone; copied otherwise (a view into a shared pool).
    const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    port.postMessage(reply, whole ? [pdf.buffer as ArrayBuffer] : []);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    port.postMessage({ id, error: message } satisfies RenderReply);
  }
});
