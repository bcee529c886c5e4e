// The 设置 tab's ListenBrainz part: a token pasted (and, for a self-hosted ListenBrainz, its
// address) is checked and turns scrobbling on; once connected, the ListenBrainz user, a switch,
// what waits to be sent, and 移除令牌. What went wrong shows under the field it is about.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Alert, Button, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { text } from '@/shared/text';
import { useScrobbling } from '../context';
import type { scrobblerMachine } from '../scrobblerMachine';
import {
  listenBrainzUserOf,
  scrobbleProblemOf,
  scrobbleRetryingOf,
  scrobbleStatusOf,
  serviceUrlOf,
  waitingListensOf,
} from '../selectors';

type ScrobblerRef = ActorRefFrom<typeof scrobblerMachine>;

export default function ListenBrainzPanel() {
  const scrobbling = useScrobbling();
  return scrobbling && <Panel scrobbler={scrobbling.scrobbler} />;
}

function Panel({ scrobbler }: { scrobbler: ScrobblerRef }) {
  const status = useSelector(scrobbler, scrobbleStatusOf);
  const problem = useSelector(scrobbler, scrobbleProblemOf);
  if (status === 'loading') return null;
  const connected = status === 'on' || status === 'paused';
  return (
    <Stack gap="sm" maw={480}>
      <Text size="sm" c="dimmed">
        {text.scrobbling.intro}
      </Text>
      {connected && <Connected scrobbler={scrobbler} on={status === 'on'} />}
      {problem === 'refused' && (
        <Alert color="red" role="alert">
          {text.scrobbling.problems.refused}
        </Alert>
      )}
      {(!connected || problem !== null) && <TokenForm scrobbler={scrobbler} checking={status === 'checking'} />}
    </Stack>
  );
}

function Connected({ scrobbler, on }: { scrobbler: ScrobblerRef; on: boolean }) {
  const userName = useSelector(scrobbler, listenBrainzUserOf);
  const url = useSelector(scrobbler, serviceUrlOf);
  const waiting = useSelector(scrobbler, waitingListensOf);
  const retrying = useSelector(scrobbler, scrobbleRetryingOf);
  return (
    <Stack gap="xs">
      <Text size="sm">{text.scrobbling.connectedAs(userName ?? '')}</Text>
      <Text size="xs" c="dimmed">
        {text.scrobbling.url}: {url}
      </Text>
      <Switch
        label={text.scrobbling.switch}
        checked={on}
        onChange={(e) => scrobbler.send({ type: e.currentTarget.checked ? 'TURN_ON' : 'TURN_OFF' })}
      />
      {!on && (
        <Text size="xs" c="dimmed">
          {text.scrobbling.paused}
        </Text>
      )}
      {on && waiting > 0 && <Text size="sm">{text.scrobbling.waiting(waiting)}</Text>}
      {on && retrying && (
        <Text size="sm" c="dimmed">
          {text.scrobbling.retrying}
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={() => scrobbler.send({ type: 'REMOVE_TOKEN' })}>
          {text.scrobbling.remove}
        </Button>
      </Group>
    </Stack>
  );
}

function TokenForm({ scrobbler, checking }: { scrobbler: ScrobblerRef; checking: boolean }) {
  const problem = useSelector(scrobbler, scrobbleProblemOf);
  const storedUrl = useSelector(scrobbler, serviceUrlOf);
  const [token, setToken] = useState('');
  const [url, setUrl] = useState(storedUrl);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    scrobbler.send({ type: 'CONNECT', token, url });
  };
  const tokenError =
    problem !== null && problem !== 'badUrl' && problem !== 'refused' ? text.scrobbling.problems[problem] : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={text.scrobbling.token}
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          error={tokenError}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label={text.scrobbling.url}
          description={text.scrobbling.urlHint}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={problem === 'badUrl' ? text.scrobbling.problems.badUrl : null}
          inputMode="url"
          spellCheck={false}
        />
        <Group>
          <Button type="submit" loading={checking}>
            {text.scrobbling.connect}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
