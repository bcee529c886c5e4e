// The worker that does a library's IndexedDB work: a 100,000-album sync splits, sorts and packs
// 100,000 ids into blocks, and a removal or a page of the list decodes them; here none of it
// blocks the page, its player bar or its clicks. Writes run one at a time in the order
// sent; reads run at once (IndexedDB orders them against the writes' transactions), so a page of
// one library's albums does not wait for another library's long first sync.
import { runLibraryJob, type LibraryJob } from './libraryJobs';

const isWrite = (job: LibraryJob) => job.kind === 'store' || job.kind === 'remove';

let writes: Promise<unknown> = Promise.resolve();
self.addEventListener('message', (event: MessageEvent<LibraryJob>) => {
  const job = event.data;
  const answer = async () => self.postMessage(await runLibraryJob(job));
  if (isWrite(job)) writes = writes.then(answer);
  else void answer();
});
