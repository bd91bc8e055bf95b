import { Worker } from 'node:worker_threads';
import { bulkMessages, bulkSheetLimits } from '@dak/domain/bulk';
import { AppError } from '../../errors';
import { compiledEntry } from '../../lib/compiled';
import type { SheetJob, SheetLimits, SheetResult } from './xlsx-sheet.worker';

/**
 * Reading an .xlsx off the main thread (issue 11): each upload's sheet is read in a worker thread
 * with a memory cap and a time limit (terminated when over it), so a hostile or huge file costs
 * that worker, never the API's event loop.
 *
 * The worker is its own module file: the `.ts` beside this one when running from source (tsx,
 * Vitest), or its own entry of the compiled server (scripts/build-server.mjs) in production.
 */
const workerUrl = compiledEntry('xlsx-sheet.worker') ?? new URL('./xlsx-sheet.worker.ts', import.meta.url);

export type SheetReadOptions = {
  timeoutMs: number;
  /** The worker's V8 heap cap; past it the worker dies and the file is refused. */
  maxHeapMb: number;
  limits: SheetLimits;
};

export const defaultSheetReadOptions: SheetReadOptions = {
  timeoutMs: 15_000,
  maxHeapMb: 384,
  limits: bulkSheetLimits,
};

/**
 * Up to `parallel` workers (the machine's cores), started on first use and kept for the next
 * upload (starting one costs 100 ms or more on a busy machine); one job each at a time, others
 * wait their turn. A worker over its time or memory is terminated and replaced on the next job;
 * an idle worker is ended after a while and does not keep the process alive.
 */
const parallel = 2;
const idleMs = 5 * 60_000;
type Reader = { worker: Worker; maxHeapMb: number; idle?: NodeJS.Timeout };
const idleReaders: Reader[] = [];
let busy = 0;
const waiting: (() => void)[] = [];
let nextJob = 1;

function startReader(maxHeapMb: number): Reader {
  const worker = new Worker(workerUrl, {
    workerData: { kind: 'xlsx-sheet' },
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  worker.unref();
  const reader: Reader = { worker, maxHeapMb };
  // A worker that fails between jobs is dropped; its error must not become an uncaught one.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const at = idleReaders.indexOf(reader);
    if (at >= 0) idleReaders.splice(at, 1);
    clearTimeout(reader.idle);
  });
  return reader;
}

function release(reader: Reader | undefined) {
  if (reader) {
    reader.idle = setTimeout(() => {
      const at = idleReaders.indexOf(reader);
      if (at >= 0) idleReaders.splice(at, 1);
      void reader.worker.terminate();
    }, idleMs);
    reader.idle.unref();
    idleReaders.push(reader);
  }
  busy--;
  waiting.shift()?.();
}

function runJob(reader: Reader, bytes: Buffer, options: SheetReadOptions): Promise<SheetResult> {
  return new Promise((resolve) => {
    const id = nextJob++;
    const { worker } = reader;
    const copy = new Uint8Array(bytes);
    let settled = false;
    const settle = (result: SheetResult, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (healthy) release(reader);
      else {
        void worker.terminate();
        release(undefined);
      }
      resolve(result);
    };
    const onMessage = (message: { id: number; result: SheetResult }) => {
      if (message.id === id) settle(message.result, true);
    };
    const onError = (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, refusal: 'tooMuchData', reason: 'out of memory' }
          : { ok: false, refusal: 'failed', reason: error.message },
        false,
      );
    const onExit = (code: number) =>
      settle({ ok: false, refusal: 'failed', reason: `worker exited ${code}` }, false);
    const timer = setTimeout(
      () => settle({ ok: false, refusal: 'tooSlow', reason: `over ${options.timeoutMs} ms` }, false),
      options.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, job: { bytes: copy, limits: options.limits } satisfies SheetJob }, [
      copy.buffer,
    ]);
  });
}

async function inWorker(bytes: Buffer, options: SheetReadOptions): Promise<SheetResult> {
  while (busy >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  let reader = idleReaders.pop();
  if (reader) clearTimeout(reader.idle);
  if (reader && reader.maxHeapMb !== options.maxHeapMb) {
    void reader.worker.terminate();
    reader = undefined;
  }
  return runJob(reader ?? startReader(options.maxHeapMb), bytes, options);
}

/**
 * The first sheet's cells as text (a formula's cached result, numbers as written), read in a
 * worker within the limits; a refusal is an AppError with the spec-worded message.
 */
export async function readXlsxTable(
  bytes: Buffer,
  options: SheetReadOptions = defaultSheetReadOptions,
): Promise<string[][]> {
  const result = await inWorker(bytes, options);
  if (result.ok) return result.table;
  switch (result.refusal) {
    case 'tooBig':
      throw new AppError('FILE_TOO_LARGE', bulkMessages.sheetTooBig);
    case 'tooMuchData':
      throw new AppError('FILE_TOO_LARGE', bulkMessages.sheetTooMuchData);
    case 'tooSlow':
      throw new AppError('FILE_TOO_LARGE', bulkMessages.sheetTooSlow);
    case 'corrupt':
      throw new AppError('FILE_CORRUPT', bulkMessages.fileCorrupt);
    default:
      // The worker itself failed (not the file): a logged 500, not a refusal of the merchant's file.
      throw new Error(`xlsx worker failed: ${result.reason}`);
  }
}
