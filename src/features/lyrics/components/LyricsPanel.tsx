// The lyrics on /now: synced lines with the current one marked and kept in view as the track
// plays (a click on a line plays from there); plain text as it is; a quiet word when there are
// none; the error with 重试 when they did not load.
import { Button, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { currentLineAt } from '@/rules/lyrics';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import { useLyrics } from '../context';
import { lyricsStateOf } from '../selectors';
import classes from './LyricsPanel.module.css';

export interface LyricsPanelProps {
  track: TrackIdentity;
  /** the player's time, seconds */
  time: number;
  onSeek: (seconds: number) => void;
}

export default function LyricsPanel({ track, time, onSeek }: LyricsPanelProps) {
  const lyrics = useLyrics();
  useEffect(() => {
    lyrics.send({ type: 'TRACK', track: { albumId: track.albumId, discId: track.discId, trackId: track.trackId } });
  }, [lyrics, track.albumId, track.discId, track.trackId]);
  const state = useSelector(lyrics, lyricsStateOf);
  const shown = useSelector(lyrics, (s) => s.context.lyrics);
  const error = useSelector(lyrics, (s) => s.context.error);
  const current = shown ? currentLineAt(shown, time) : -1;
  const list = useRef<HTMLOListElement>(null);

  // the current line stays in view, without moving the page
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current line is what scrolls
  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !line) return;
    box.scrollTo({ top: line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2, behavior: 'smooth' });
  }, [current]);

  return (
    <section className={classes.panel} aria-label={text.lyrics.title} aria-busy={state === 'loading' || undefined}>
      {state === 'loading' && <Loader size="sm" aria-label={text.loading} />}
      {state === 'none' && (
        <Text c="dimmed" size="sm">
          {text.lyrics.none}
        </Text>
      )}
      {state === 'failed' && (
        <Text size="sm" role="alert">
          {text.lyrics.failed}: {error}{' '}
          <Button size="compact-sm" variant="subtle" onClick={() => lyrics.send({ type: 'RETRY' })}>
            {text.lyrics.retry}
          </Button>
        </Text>
      )}
      {state === 'shown' && shown && (
        <>
          {!shown.synced && (
            <Text c="dimmed" size="xs">
              {text.lyrics.unsynced}
            </Text>
          )}
          <ol ref={list} className={classes.lines}>
            {shown.lines.map((line, i) => (
              <li key={i} aria-current={i === current ? 'true' : undefined}>
                {line.time === null ? (
                  <span className={classes.line}>{line.text || '\u00a0'}</span>
                ) : (
                  <button type="button" className={classes.line} onClick={() => onSeek(line.time!)}>
                    {line.text || '\u00a0'}
                  </button>
                )}
                {line.translation && <span className={classes.translation}>{line.translation}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
