// The worker that measures loudness: a 5-minute track is about 26 million samples to filter and
// oversample, a few hundred milliseconds of work that must not hold up the page, its player bar
// or its clicks. Messages are handled in the order sent, so a measurement's chunks arrive before
// its finish.
import { createMeasurements, type LoudnessRequest } from './measurements';

const handle = createMeasurements();
self.addEventListener('message', (event: MessageEvent<LoudnessRequest>) => {
  const answer = handle(event.data);
  if (answer) self.postMessage(answer);
});
