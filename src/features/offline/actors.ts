// Listening offline: audio kept on this device (docs/architecture.md#audio-kept-on-the-device).
// Storage loads on first use: nothing here runs before somebody keeps a track or signs out.
const kept = () => import('@/storage/keptAudio');

/** every kept track, cover and album record goes: signing out leaves nothing of the user's */
export async function clearKeptOnDevice(): Promise<void> {
  await (await kept()).clearKeptAudio();
}
