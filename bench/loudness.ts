/**
 * The loudness meter (src/services/loudness/) on a synthetic 5-minute stereo 44.1 kHz track
 * (bench/loudness/track.ts), in 1 s chunks:
 *
 * - in Node: the meter alone, on this thread;
 * - in headless Chromium (bench/loudness/entry.ts, bundled with its worker and served on
 *   loopback): the page posts the chunks to the loudness worker and waits for the result; the
 *   longest main-thread task meanwhile (longtask, over 50 ms; 0 = none); then, for comparison,
 *   the same measurement on the page's thread, which is one task.
 *
 * Reports medians; nothing here asserts speed. A result that differs between the runs, or from
 * Node's, fails the run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../harness/browser';
import { createLoudnessMeter, type LoudnessResult } from '../src/services/loudness/meter';
import type { PageThreadTimings, WorkerTimings } from './loudness/entry';
import { syntheticTrack, TRACK_RATE, TRACK_SECONDS } from './loudness/track';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import type { BenchModule } from './lib/types';

const RUNS = 5;
const MEASURE_TARGET_MS = 1000;
const LONG_TASK_TARGET_MS = 50;

/** bundles the page's entry with the project's `@` alias, its worker beside it as an ES module */
async function buildEntry(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'error',
    resolve: { alias: { '@': join(REPO_ROOT, 'src') } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry: join(REPO_ROOT, 'bench/loudness/entry.ts'), formats: ['es'], fileName: 'entry' },
    },
    worker: { format: 'es' },
  });
}

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>loudness bench</title><script type="module" src="/entry.js"></script>';

function serve(outDir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, type: string, body: string | Buffer) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (path === '/') return send(200, 'text/html', PAGE);
    const file = join(outDir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    readFile(file).then(
      (body) => send(200, extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The meter alone in Node, `RUNS` times over the same chunks: wall time, and this process's CPU
 * time, which moves less when other work shares the machine
 */
function inNode(): { ms: number[]; cpuMs: number[]; result: LoudnessResult } {
  const track = syntheticTrack();
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let result: LoudnessResult | null = null;
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const meter = createLoudnessMeter(TRACK_RATE, 2);
    for (const chunk of track) meter.add(chunk);
    result = meter.result();
    ms.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { ms, cpuMs, result: result! };
}

async function inChromium(outDir: string) {
  const server = await serve(outDir);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    collectErrors(page, errors);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'loudnessBench' in window, undefined, { timeout: 120_000 });
    const worker: WorkerTimings[] = [];
    const pageThread: PageThreadTimings[] = [];
    for (let i = 0; i < RUNS; i++) {
      worker.push(await page.evaluate(() => window.loudnessBench.inWorker()));
      pageThread.push(await page.evaluate(() => window.loudnessBench.onPageThread()));
    }
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return { worker, pageThread };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export const loudnessBench: BenchModule = {
  name: 'loudness',
  title: `Loudness meter on a ${TRACK_SECONDS / 60}-minute stereo ${TRACK_RATE / 1000} kHz track in 1 s chunks (median of ${RUNS})`,
  async run() {
    const outDir = await mkdtemp(join(tmpdir(), 'anniv-loudness-bench-'));
    try {
      await buildEntry(outDir);
      const node = inNode();
      const { worker, pageThread } = await inChromium(outDir);
      const differs = (result: LoudnessResult) =>
        Math.abs(result.integratedLufs! - node.result.integratedLufs!) > 1e-9 ||
        Math.abs(result.truePeakDbtp - node.result.truePeakDbtp) > 1e-9 ||
        result.seconds !== node.result.seconds;
      const other = [...worker, ...pageThread].find((run) => differs(run.result));
      if (other)
        throw new Error(
          `the results differ: Node ${JSON.stringify(node.result)}, Chromium ${JSON.stringify(other.result)}`,
        );
      const rows = [
        row('measuring the track in Node (the meter alone)', node.ms, MEASURE_TARGET_MS),
        row('  the same, CPU time of the process', node.cpuMs, MEASURE_TARGET_MS),
        row(
          'measuring the track in the worker (first chunk posted → result)',
          worker.map((run) => run.measureMs),
          MEASURE_TARGET_MS,
        ),
        row(
          '  longest main-thread task meanwhile (0 = none over 50 ms)',
          worker.map((run) => run.longestTaskMs),
          LONG_TASK_TARGET_MS,
        ),
        row(
          "  of which posting the 300 chunks (the page's one task)",
          worker.map((run) => run.postingMs),
          null,
        ),
        row(
          "the same on the page's thread, without the worker (one task)",
          pageThread.map((run) => run.measureMs),
          null,
        ),
      ];
      const { integratedLufs, truePeakDbtp } = node.result;
      return {
        rows,
        notes: [
          `The track measures ${integratedLufs?.toFixed(2)} LUFS integrated, ${truePeakDbtp.toFixed(2)} dBTP true peak, alike in Node and Chromium.`,
          `The worker's first run includes starting it (its script loaded over loopback): ${worker[0]!.measureMs.toFixed(1)} ms.`,
        ],
        data: { node, worker, pageThread, targetsMs: { measure: MEASURE_TARGET_MS, longTask: LONG_TASK_TARGET_MS } },
      };
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  },
};
