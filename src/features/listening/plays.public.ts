// How many times plays reached the server since the view mounted (主页's 最近播放 and 本月最常播放
// read again when it moves). Here, not in index.ts, so it loads with the views that follow it.
import { useEffect, useState } from 'react';
import { useListening } from './context';

export function usePlaysSent(): number {
  const listening = useListening();
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (!listening) return;
    const subscription = listening.plays.on('sent', () => setSent((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [listening]);
  return sent;
}
