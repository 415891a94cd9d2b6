/**
 * The CV reader's time limit counts the document's reading, not the start of its process (docs/security.md, "CV
 * analysis"): a busy machine, or the sources run through tsx as here, can take longer to start a process than a
 * document may take to read.
 */
import { describe, expect, it } from 'vitest';
import { cvTextLimits } from '../../src/server/modules/applications/cv-text.js';
import { extractInChildProcess } from '../../src/server/modules/applications/cv-text-process.js';

const request = { bytes: new Uint8Array([1, 2, 3]), contentType: 'text/plain', limits: cvTextLimits };

describe('CV text process limits', () => {
  it('answers a document read within the time limit even when its process took longer than that to start', async () => {
    // The machine is slow for a second right after the process is spawned: this process's event loop is held, so it
    // learns that the child is ready only a second later, four times the limit. A limit counted from the spawn would
    // have run out by then (its timer fires before the child's message is read); counted from "ready", the few
    // milliseconds of answering an unknown type are within it.
    const timeLimitMs = 250;
    const started = performance.now();
    const outcome = extractInChildProcess(request, { ...cvTextLimits, timeLimitMs, startLimitMs: 30_000 });
    await new Promise((resolve) => setImmediate(resolve)); // the child is spawned
    while (performance.now() - started < 4 * timeLimitMs);
    expect(await outcome).toEqual({ failure: 'unreadable' });
    expect(performance.now() - started).toBeGreaterThan(4 * timeLimitMs);
  });

  it('kills a process that does not become ready within the start limit', async () => {
    const outcome = await extractInChildProcess(request, { ...cvTextLimits, startLimitMs: 1 });
    expect(outcome).toEqual({ failure: 'overLimits' });
  });
});
