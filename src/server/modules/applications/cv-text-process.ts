/**
 * Runs one CV text extraction in its own child process (cv-text-worker) with a time limit, a memory limit
 * and a bounded number at once, so that no document can hold the request thread or keep the server's
 * memory (docs/security.md, "CV analysis").
 *
 * A child process rather than a worker thread or a pool (piscina): the memory a decompression bomb makes
 * pdf.js allocate lives in ArrayBuffers, which V8's heap limits (`resourceLimits`) do not count, and a
 * worker thread that is terminated leaves the process's resident memory where the bomb took it (figures in
 * docs/decisions/009-cv-text-in-a-child-process.md). A process is measured as a whole (its resident set), killed as a
 * whole, and gives every byte back when it ends. A fresh one per document (about 150 ms to start) also
 * means no parser state outlives a hostile file; the concurrency cap and the queue are a few lines here.
 */
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CV_TEXT_READY, type CvTextReply, type CvTextRequest } from './cv-text-protocol.js';

export type ProcessLimits = {
  /** Wall-clock time of one extraction, in ms, from the moment its process is ready to read; it is killed then. */
  timeLimitMs: number;
  /** Wall-clock time, in ms, a process may take to start and be ready to read; it is killed then. */
  startLimitMs: number;
  /** Resident memory of one extraction process, in bytes; it is killed beyond it. */
  maxRssBytes: number;
  /** V8 heap of one extraction process, in MB (ArrayBuffers are outside it, hence `maxRssBytes`). */
  maxHeapMb: number;
  /** Extractions running at once. */
  maxConcurrent: number;
  /** Extractions waiting for a turn; each waits at most `timeLimitMs`. */
  maxQueued: number;
};

/** No turn within the limits: every process is busy and the queue is full, or the wait was too long. */
export class CvTextBusyError extends Error {}

/** What an extraction came to: the child's reply, or `overLimits` when it was killed or died on a limit. */
export type ExtractionOutcome = CvTextReply | { failure: 'overLimits' };

// Under tsx or Vitest this file is TypeScript and so is the child (run with tsx's loader); in the bundle
// (scripts/build-server.mjs) the child is dist/server/cv-text-worker.js, next to main.js.
const fromSource = import.meta.url.endsWith('.ts');
const childEntry = fileURLToPath(new URL(fromSource ? './cv-text-worker.ts' : './cv-text-worker.js', import.meta.url));
const loaderArgs = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(limits: ProcessLimits): Promise<void> {
  if (running < limits.maxConcurrent) {
    running++;
    return;
  }
  if (waiting.length >= limits.maxQueued) throw new CvTextBusyError();
  await new Promise<void>((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1);
      reject(new CvTextBusyError());
    }, limits.timeLimitMs);
    waiting.push(turn);
  });
}

/** Hands the finished turn to the next waiting extraction (the running count stays), or frees it. */
function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Resident memory of process `pid` in bytes from /proc (Linux); 0 where there is no /proc. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function runChild(request: CvTextRequest, limits: ProcessLimits): Promise<ExtractionOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(childEntry, {
      execArgv: [...loaderArgs, `--max-old-space-size=${limits.maxHeapMb}`],
      serialization: 'advanced',
      // Nothing of the server's environment (database URL, secrets) reaches the parsers.
      env: {},
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let reply: CvTextReply | undefined;
    const kill = () => child.kill('SIGKILL');
    // The document's time counts from the moment the process is ready to read it: starting a process is the
    // machine's cost, and a busy machine can take seconds to start one (more so through tsx, from the sources).
    let deadline = setTimeout(kill, limits.startLimitMs);
    // The child checks its own memory too, but only while its event loop turns; this does not depend on it.
    const watchdog = setInterval(() => void residentBytes(child.pid ?? 0).then((rss) => rss > limits.maxRssBytes && kill()), 50);
    const settle = () => {
      clearTimeout(deadline);
      clearInterval(watchdog);
    };
    child.on('message', (message: CvTextReply | typeof CV_TEXT_READY) => {
      if (message === CV_TEXT_READY) {
        clearTimeout(deadline);
        deadline = setTimeout(kill, limits.timeLimitMs);
        child.send(request, (err) => err && kill());
      } else reply ??= message;
    });
    child.once('error', (err) => {
      settle();
      kill();
      reject(err);
    });
    child.once('exit', () => {
      settle();
      resolve(reply ?? { failure: 'overLimits' });
    });
    // The parsers get the CPU that requests leave: a niceness of 10 (not being allowed to is harmless).
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // e.g. a platform without priorities
      }
    }
  });
}

/**
 * Extracts the text of `request` in a child process within `limits`.
 * Errors: CvTextBusyError when no turn comes within the limits; the spawn error when the child cannot start.
 */
export async function extractInChildProcess(request: CvTextRequest, limits: ProcessLimits): Promise<ExtractionOutcome> {
  await takeTurn(limits);
  try {
    return await runChild(request, limits);
  } finally {
    endTurn();
  }
}
