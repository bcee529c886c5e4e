// One rule of the editor: what it reads (条件) and its fields, each labelled for screen readers.
import '@mantine/core/styles/NumberInput.layer.css';
import '@/ui/styles/forms';
import { ActionIcon, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { SmartRule } from '@/rules/smartLists';
import { SMART_RULE_DAYS_MAX, SMART_RULE_PLAYS_MAX, SMART_RULE_TEXT_MAX } from '@/shared/constants';
import { text } from '@/shared/text';
import type { PlaylistInfo } from '@/shared/types';

const t = text.smartLists;
type Kind = SmartRule['kind'];
const KINDS = Object.keys(t.kinds) as Kind[];

/** a new rule of a kind, as the editor first shows it */
export function newRule(kind: Kind): SmartRule {
  switch (kind) {
    case 'liked':
      return { kind, target: 'track', liked: true };
    case 'plays':
      return { kind, op: 'atLeast', count: 1 };
    case 'lastPlayed':
      return { kind, within: true, days: 30 };
    case 'neverPlayed':
      return { kind };
    case 'added':
      return { kind, days: 30 };
    case 'tag':
      return { kind, tag: '' };
    case 'text':
      return { kind, field: 'title', op: 'contains', text: '' };
    case 'released':
      return { kind, from: '', to: '' };
    case 'playlist':
      return { kind, playlistId: '', inList: true };
  }
}

const options = <K extends string>(labels: Record<K, string>, keys: readonly K[]) =>
  keys.map((value) => ({ value, label: labels[value] }));

/**
 * A number field's value for the rule. Emptied, it is NaN: the rule is incomplete (the count leaves
 * it out, 保存 says so) until a number is typed, instead of the field turning into its least value
 * under the caret (30 cleared read 1, and typing 90 then gave 190).
 */
const whole = (value: string | number, max: number, min = 0) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), min), max) : Number.NaN;
};
/** what a number field shows: nothing while emptied */
const shown = (n: number) => (Number.isNaN(n) ? '' : n);

/** N 天内: the days a rule looks back */
function DaysInput({ label, days, onChange }: { label: string; days: number; onChange: (days: number) => void }) {
  return (
    <NumberInput
      aria-label={label}
      w={110}
      min={1}
      max={SMART_RULE_DAYS_MAX}
      allowDecimal={false}
      suffix={` ${t.units.days}`}
      value={shown(days)}
      onChange={(value) => onChange(whole(value, SMART_RULE_DAYS_MAX, 1))}
    />
  );
}

interface RuleRowProps {
  index: number;
  rule: SmartRule;
  playlists: readonly PlaylistInfo[];
  onChange: (rule: SmartRule) => void;
  onRemove: () => void;
}

function RuleFields({
  rule,
  playlists,
  onChange,
  label,
}: Omit<RuleRowProps, 'index' | 'onRemove'> & { label: (what: string) => string }) {
  switch (rule.kind) {
    case 'liked':
      return (
        <>
          <NativeSelect
            aria-label={label(t.kinds.liked)}
            data={[
              { value: 'track', label: t.ops.track },
              { value: 'album', label: t.ops.album },
            ]}
            value={rule.target}
            onChange={(e) => onChange({ ...rule, target: e.currentTarget.value as 'track' | 'album' })}
          />
          <NativeSelect
            aria-label={label(t.ops.likedYes)}
            data={[
              { value: 'yes', label: t.ops.likedYes },
              { value: 'no', label: t.ops.likedNo },
            ]}
            value={rule.liked ? 'yes' : 'no'}
            onChange={(e) => onChange({ ...rule, liked: e.currentTarget.value === 'yes' })}
          />
        </>
      );
    case 'plays':
      return (
        <>
          <NativeSelect
            aria-label={label(t.kinds.plays)}
            data={options(t.ops, ['atLeast', 'atMost', 'exactly'] as const)}
            value={rule.op}
            onChange={(e) => onChange({ ...rule, op: e.currentTarget.value as typeof rule.op })}
          />
          <NumberInput
            aria-label={label(t.units.times)}
            w={110}
            min={0}
            max={SMART_RULE_PLAYS_MAX}
            allowDecimal={false}
            suffix={` ${t.units.times}`}
            value={shown(rule.count)}
            onChange={(value) => onChange({ ...rule, count: whole(value, SMART_RULE_PLAYS_MAX) })}
          />
        </>
      );
    case 'lastPlayed':
      return (
        <>
          <DaysInput label={label(t.units.days)} days={rule.days} onChange={(days) => onChange({ ...rule, days })} />
          <NativeSelect
            aria-label={label(t.kinds.lastPlayed)}
            data={[
              { value: 'within', label: t.ops.within },
              { value: 'notWithin', label: t.ops.notWithin },
            ]}
            value={rule.within ? 'within' : 'notWithin'}
            onChange={(e) => onChange({ ...rule, within: e.currentTarget.value === 'within' })}
          />
        </>
      );
    case 'neverPlayed':
      return null;
    case 'added':
      return (
        <DaysInput label={label(t.units.days)} days={rule.days} onChange={(days) => onChange({ ...rule, days })} />
      );
    case 'tag':
      return (
        <TextInput
          aria-label={label(t.kinds.tag)}
          placeholder={t.examples.tag}
          maxLength={SMART_RULE_TEXT_MAX}
          value={rule.tag}
          onChange={(e) => onChange({ ...rule, tag: e.currentTarget.value })}
        />
      );
    case 'text':
      return (
        <>
          <NativeSelect
            aria-label={label(t.kinds.text)}
            data={options(t.fields, ['title', 'artist', 'albumTitle'] as const)}
            value={rule.field}
            onChange={(e) => onChange({ ...rule, field: e.currentTarget.value as typeof rule.field })}
          />
          <NativeSelect
            aria-label={label(t.ops.contains)}
            data={options(t.ops, ['contains', 'notContains', 'is'] as const)}
            value={rule.op}
            onChange={(e) => onChange({ ...rule, op: e.currentTarget.value as typeof rule.op })}
          />
          <TextInput
            aria-label={label(t.fields[rule.field])}
            maxLength={SMART_RULE_TEXT_MAX}
            value={rule.text}
            onChange={(e) => onChange({ ...rule, text: e.currentTarget.value })}
          />
        </>
      );
    case 'released':
      return (
        <>
          <TextInput
            aria-label={label(t.from)}
            placeholder={t.examples.from}
            w={130}
            value={rule.from}
            onChange={(e) => onChange({ ...rule, from: e.currentTarget.value.trim() })}
          />
          <TextInput
            aria-label={label(t.to)}
            placeholder={t.examples.to}
            w={130}
            value={rule.to}
            onChange={(e) => onChange({ ...rule, to: e.currentTarget.value.trim() })}
          />
        </>
      );
    case 'playlist':
      return (
        <>
          <NativeSelect
            aria-label={label(t.kinds.playlist)}
            data={[
              { value: '', label: t.ops.anyPlaylist },
              ...playlists.map((playlist) => ({ value: playlist.id, label: playlist.name })),
            ]}
            value={rule.playlistId}
            onChange={(e) => onChange({ ...rule, playlistId: e.currentTarget.value })}
          />
          <NativeSelect
            aria-label={label(t.ops.inList)}
            data={[
              { value: 'in', label: t.ops.inList },
              { value: 'out', label: t.ops.notInList },
            ]}
            value={rule.inList ? 'in' : 'out'}
            onChange={(e) => onChange({ ...rule, inList: e.currentTarget.value === 'in' })}
          />
        </>
      );
  }
}

export function RuleRow({ index, rule, playlists, onChange, onRemove }: RuleRowProps) {
  const label = (what: string) => `${t.editor.rules} ${index + 1}: ${what}`;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={`${t.editor.rules} ${index + 1}`}>
      <NativeSelect
        aria-label={label(t.editor.ruleKind)}
        data={options(t.kinds, KINDS)}
        value={rule.kind}
        onChange={(e) => onChange(newRule(e.currentTarget.value as Kind))}
      />
      <RuleFields rule={rule} playlists={playlists} onChange={onChange} label={label} />
      <ActionIcon variant="subtle" color="gray" aria-label={label(t.editor.removeRule)} onClick={onRemove}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
