// The lyrics on /now: synced lines with the current one marked and kept in view as the track
// plays (a click on a line plays from there); plain text as it is; a quiet word when there are
// none; the error with 重试 when they did not load. Under them: who gave them, 显示翻译 where a
// translation lies beside the lines, 编辑歌词 (添加歌词 when there are none) and 添加翻译, which open
// the editor the lyrics actor spawns (docs/behaviour.md#lyrics).
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Button, Group, Loader, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { currentLineAt } from '@/rules/lyrics';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import { useLyrics } from '../context';
import type { LyricsRef } from '../lyricsMachine';
import {
  canEditOf,
  canTranslateOf,
  contributorOf,
  hasTranslationOf,
  lyricsStateOf,
  translationShownOf,
  translatorOf,
} from '../selectors';
import { LyricsEditorDialog } from './LyricsEditorDialog';
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
  const refreshing = useSelector(lyrics, (s) => s.hasTag('refreshing'));
  const translationShown = useSelector(lyrics, translationShownOf);
  const editor = useSelector(lyrics, (s) => s.context.editor);
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
    <section
      className={classes.panel}
      aria-label={text.lyrics.title}
      aria-busy={state === 'loading' || refreshing || undefined}
    >
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
                {line.translation && translationShown && (
                  <span className={classes.translation}>{line.translation}</span>
                )}
              </li>
            ))}
          </ol>
          <Contributors lyrics={lyrics} />
        </>
      )}
      <Tools lyrics={lyrics} adding={state === 'none'} />
      <LyricsEditorDialog editor={editor} adding={state === 'none'} />
    </section>
  );
}

/** 歌词由 … 提供, and 翻译由 … 提供 while a translation shows; nothing for a name the answer did not give */
function Contributors({ lyrics }: { lyrics: LyricsRef }) {
  const source = useSelector(lyrics, contributorOf);
  const translation = useSelector(lyrics, translatorOf);
  if (!source && !translation) return null;
  return (
    <Text c="dimmed" size="xs" mt="xs">
      {[source && text.lyrics.contributor(source), translation && text.lyrics.translator(translation)]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

/** 显示翻译 where a translation lies beside the lines; 编辑歌词 (添加歌词) and 添加翻译 where the editor may open */
function Tools({ lyrics, adding }: { lyrics: LyricsRef; adding: boolean }) {
  const hasTranslation = useSelector(lyrics, hasTranslationOf);
  const showTranslation = useSelector(lyrics, (s) => s.context.showTranslation);
  const canEdit = useSelector(lyrics, canEditOf);
  const canTranslate = useSelector(lyrics, canTranslateOf);
  if (!hasTranslation && !canEdit && !canTranslate) return null;
  return (
    <Group gap="sm" justify="center" mt="xs">
      {hasTranslation && (
        <Switch
          size="sm"
          label={text.lyrics.showTranslation}
          checked={showTranslation}
          onChange={(e) => lyrics.send({ type: 'SHOW_TRANSLATION', on: e.currentTarget.checked })}
        />
      )}
      {canEdit && (
        <Button size="compact-sm" variant="subtle" onClick={() => lyrics.send({ type: 'OPEN_EDITOR', part: 'source' })}>
          {adding ? text.lyrics.add : text.lyrics.edit}
        </Button>
      )}
      {canTranslate && (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => lyrics.send({ type: 'OPEN_EDITOR', part: 'translation' })}
        >
          {text.lyrics.addTranslation}
        </Button>
      )}
    </Group>
  );
}
