// The worker that writes a library sync into IndexedDB (issue 16): 100,000 albums are 100,000
// puts, each a structured clone on the thread that makes it; here they never block the page, its
// player bar or its clicks. One job at a time, in the order sent.
import { runLibraryJob, type LibraryJob } from './librarySyncJobs';

let queue: Promise<unknown> = Promise.resolve();
self.addEventListener('message', (event: MessageEvent<LibraryJob>) => {
  const job = event.data;
  queue = queue.then(async () => self.postMessage(await runLibraryJob(job)));
});
