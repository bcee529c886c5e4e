// 定时关闭 in the player bar and on /now: a menu of lengths (15–90 分钟, 自定义时长…), 播放完当前歌曲,
// 播放完整个队列 and, while one runs, 取消定时关闭; beside it what is left (a timer that ticks each
// second) or which end it waits for. Loaded after the first page, with the sleep timer's actor.
import { Text } from '@mantine/core';
import { IconZzz } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SLEEP_TIMER_MINUTES } from '@/shared/constants';
import { text } from '@/shared/text';
import { RowMenu, RowMenuItem } from '@/ui/RowMenu';
import { useSleepTimer } from '../context';
import { formatSleepLeft, sleepEndsAt, sleepRunning, sleepScope } from '../selectors';
import type { SleepTimerRef } from '../sleepTimerMachine';
import classes from './SleepTimerButton.module.css';

const CustomMinutesDialog = lazy(() => import('./CustomMinutesDialog'));

/** the time now, again every `everyMs` while that is not null */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export default function SleepTimerButton() {
  const timer = useSleepTimer();
  return timer && <SleepTimerMenu timer={timer} />;
}

function SleepTimerMenu({ timer }: { timer: SleepTimerRef }) {
  const endsAt = useSelector(timer, sleepEndsAt);
  const scope = useSelector(timer, sleepScope);
  const running = useSelector(timer, sleepRunning);
  const now = useNow(endsAt === null ? null : 1000);
  const [choosing, setChoosing] = useState(false);
  const status =
    endsAt !== null
      ? text.sleepTimer.left(formatSleepLeft(endsAt - now))
      : scope === 'track'
        ? text.sleepTimer.armedTrack
        : scope === 'queue'
          ? text.sleepTimer.armedQueue
          : null;
  return (
    <span className={classes.timer}>
      <RowMenu label={text.sleepTimer.title} icon={<IconZzz size={18} />} color={running ? undefined : 'gray'}>
        {SLEEP_TIMER_MINUTES.map((minutes) => (
          <RowMenuItem key={minutes} onClick={() => timer.send({ type: 'SET_TIMER', minutes })}>
            {text.sleepTimer.minutes(minutes)}
          </RowMenuItem>
        ))}
        <RowMenuItem onClick={() => setChoosing(true)}>{text.sleepTimer.custom}</RowMenuItem>
        <RowMenuItem onClick={() => timer.send({ type: 'STOP_AFTER', scope: 'track' })}>
          {text.sleepTimer.afterTrack}
        </RowMenuItem>
        <RowMenuItem onClick={() => timer.send({ type: 'STOP_AFTER', scope: 'queue' })}>
          {text.sleepTimer.afterQueue}
        </RowMenuItem>
        {running && (
          <RowMenuItem color="red" onClick={() => timer.send({ type: 'CANCEL' })}>
            {text.sleepTimer.cancel}
          </RowMenuItem>
        )}
      </RowMenu>
      {status && (
        // a timer's region is not read out at each tick (its implicit aria-live is off)
        <Text
          component="span"
          role="timer"
          aria-label={text.sleepTimer.title}
          size="xs"
          c="dimmed"
          className={classes.left}
        >
          {status}
        </Text>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <CustomMinutesDialog
            onClose={() => setChoosing(false)}
            onStart={(minutes) => {
              setChoosing(false);
              timer.send({ type: 'SET_TIMER', minutes });
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
