// The smart-lists worker: a million tracks are split, indexed and matched here, never on the page's
// thread. Fact syncs run one at a time in the order sent; evaluations run at once (each reads
// what the last sync wrote).
import { runSmartListsJob, type SmartListsJob } from './jobs';

let syncs: Promise<unknown> = Promise.resolve();
self.addEventListener('message', (event: MessageEvent<SmartListsJob>) => {
  const job = event.data;
  const answer = async () => self.postMessage(await runSmartListsJob(job));
  if (job.kind === 'syncFacts') syncs = syncs.then(answer);
  else void answer();
});
