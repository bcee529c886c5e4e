// Lets the page run (input, rendering, the audio clock) in the middle of long work on its thread:
// `scheduler.yield()` where the browser has it, else a message to this thread (a task that runs
// soon, without setTimeout's 4 ms clamp when nested).

type Scheduler = { yield?: () => Promise<void> };

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** a budget of work between yields: `due()` says when this thread has worked long enough */
export function workSlice(budgetMs: number) {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= budgetMs,
    async yield() {
      await yieldToPage();
      since = performance.now();
    },
  };
}
