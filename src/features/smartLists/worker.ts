// Where smart lists are worked out: in a worker when the browser has module workers, else on this
// thread (tests in Node, a worker that failed to start). The page sends the listener's data once
// per version; a worker that lost it (restarted) says so and is sent it again.
import {
  runSmartListsJob,
  type ListRules,
  type SentListenerData,
  type SmartListAnswer,
  type SmartListsJob,
  type SmartListsJobAnswer,
} from './jobs';
import type { FactsSyncSummary } from './factsSync';

interface JobWorker {
  postMessage(job: SmartListsJob): void;
  addEventListener(type: 'message', listener: (event: { data: SmartListsJobAnswer }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export type CreateSmartListsWorker = () => JobWorker;

const browserWorker: CreateSmartListsWorker | null =
  typeof Worker === 'undefined'
    ? null
    : () =>
        new Worker(new URL('./smartLists.worker.ts', import.meta.url), {
          type: 'module',
          name: 'smart-lists',
        }) as unknown as JobWorker;

type Unnumbered = SmartListsJob extends infer J ? (J extends SmartListsJob ? Omit<J, 'id'> : never) : never;

export interface SmartListsWorker {
  /** brings the album facts in step with the libraries (reads the site's metadata) */
  syncFacts(): Promise<FactsSyncSummary>;
  /** a list's tracks; `countOnly`: only how many match */
  evaluate(list: ListRules, version: number, data: SentListenerData, countOnly?: boolean): Promise<SmartListAnswer>;
}

export function createSmartListsWorker(createWorker: CreateSmartListsWorker | null = browserWorker): SmartListsWorker {
  let worker: JobWorker | null = null;
  let onThisThread = createWorker === null;
  let nextId = 1;
  /** the data version the worker holds */
  let sentVersion = -1;
  const waiting = new Map<number, { job: SmartListsJob; settle: (answer: SmartListsJobAnswer) => void }>();

  const started = (): JobWorker => {
    if (worker) return worker;
    const made = createWorker!();
    made.addEventListener('message', ({ data }) => {
      const entry = waiting.get(data.id);
      waiting.delete(data.id);
      entry?.settle(data);
    });
    made.addEventListener('error', (event) => {
      console.warn(
        `smart-lists worker failed (${event.message || 'no reason given'}); lists are worked out on the page`,
      );
      onThisThread = true;
      worker = null;
      sentVersion = -1;
      const jobs = [...waiting.values()];
      waiting.clear();
      for (const { job, settle } of jobs) void runSmartListsJob(job).then(settle);
    });
    worker = made;
    return made;
  };

  const send = (unnumbered: Unnumbered): Promise<SmartListsJobAnswer> => {
    const job = { ...unnumbered, id: nextId++ } as SmartListsJob;
    if (onThisThread) return runSmartListsJob(job);
    const target = started();
    return new Promise((settle) => {
      waiting.set(job.id, { job, settle });
      target.postMessage(job);
    });
  };

  const result = <T>(answer: SmartListsJobAnswer): T => {
    if (!answer.ok) throw new Error(answer.message);
    return answer.result as T;
  };

  return {
    syncFacts: async () =>
      result<FactsSyncSummary>(await send({ kind: 'syncFacts', apiBase: globalThis.location?.origin ?? '' })),
    async evaluate(list, version, data, countOnly = false) {
      const ask = (withData: boolean) =>
        send({ kind: 'evaluate', list, version, data: withData ? data : null, countOnly });
      let answer = await ask(sentVersion !== version);
      if (!answer.ok && answer.dataMissing) answer = await ask(true);
      if (answer.ok) sentVersion = version;
      return result<SmartListAnswer>(answer);
    },
  };
}
