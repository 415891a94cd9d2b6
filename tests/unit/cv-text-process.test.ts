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
    // Answering an unknown type takes a few milliseconds of the process's time (up to 15 ms seen with the machine
    // busy); starting a process through tsx takes about 0.3 s of CPU alone, so never less than the limit.
    const timeLimitMs = 250;
    const started = performance.now();
    const outcome = await extractInChildProcess(request, { ...cvTextLimits, timeLimitMs, startLimitMs: 30_000 });
    expect(performance.now() - started, 'the process took longer than the time limit to start and answer').toBeGreaterThan(timeLimitMs);
    expect(outcome).toEqual({ failure: 'unreadable' });
  });

  it('kills a process that does not become ready within the start limit', async () => {
    const outcome = await extractInChildProcess(request, { ...cvTextLimits, startLimitMs: 1 });
    expect(outcome).toEqual({ failure: 'overLimits' });
  });
});
