// Every actor the app creates is part of its system, so the inspector (`?inspect`) sees it: the
// actors owners spawn for a dialog, a heart or a page, and the loader a page creates itself.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { text } from '@/shared/text';
import { createFakeAnniv, type WireAlbum } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const HOME = 'https://home.example';
const albumA: WireAlbum = {
  album_id: A,
  title: 'Harbor Lights',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: [],
  discs: [{ catalog: 'DEMO-1', tracks: [{ title: 'Opening' }, { title: 'Night Ferry' }] }],
};
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const sharingToken = `${b64url({ alg: 'HS256' })}.${b64url({ type: 'user', share: { key_id: 'k', secret: 's' } })}.sig`;

/**
 * the app at `path`, signed in and synced, with an inspection spy: the actors it announced and the
 * events each received; a call to `failing` is answered with an error
 */
async function inspected(path: string, failing?: string) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
  server.addCredential({ name: 'Home', url: HOME, token: sharingToken });
  server.albums.set(A, albumA);
  server.playlists.push({
    id: '1',
    name: 'Night drive',
    description: '',
    is_public: false,
    cover: { album_id: '', disc_id: 1 },
    owner: '1',
    last_modified: 1,
    items: [],
  });
  const actors: AnyActorRef[] = [];
  const received = new Map<AnyActorRef, string[]>();
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') actors.push(event.actorRef as AnyActorRef);
    if (event.type === '@xstate.event')
      received.set(event.actorRef as AnyActorRef, [
        ...(received.get(event.actorRef as AnyActorRef) ?? []),
        event.event.type,
      ]);
  };
  const fetch: typeof globalThis.fetch = async (input, init) =>
    new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname === failing
      ? Response.json({ status: 902000, message: 'tags are gone', data: null })
      : server.fetch(input, init);
  const app = renderApp(path, { ...server, fetch }, { inspect });
  await screen.findByRole('link', { name: 'Mio' });
  // a fresh device: album A is new to it
  await screen.findByText(text.library.syncSucceeded(1));
  const withId = (id: string) => actors.find((actor) => actor.id === id);
  const machineOf = (actor: AnyActorRef) => (actor as unknown as { logic: AnyStateMachine }).logic.id;
  const eventsOf = (actor: AnyActorRef | undefined) => (actor ? (received.get(actor) ?? []) : []);
  return { ...app, actors, withId, machineOf, eventsOf };
}

describe('the inspector sees every actor the app creates', () => {
  it('the share wizard, once the share dialog opens, and the events it receives', async () => {
    const { withId, eventsOf } = await inspected(`/album/${A}`);
    expect(withId('shareWizard')).toBeUndefined();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: text.share.title }));
    const form = await screen.findByRole('dialog', { name: text.share.title });
    await user.type(within(form).getByLabelText(text.share.description), 'for you');
    expect(withId('shareWizard')).toBeDefined();
    await waitFor(() => expect(eventsOf(withId('shareWizard')).length).toBeGreaterThan(0));
  });

  it("a heart's toggle, after the heart is clicked", async () => {
    const { actors, machineOf, eventsOf } = await inspected(`/album/${A}`);
    const heartIn = (title: string) =>
      within(screen.getByText(title).closest('li')!).getByRole('button', { name: /添加喜欢|取消喜欢/ });
    await waitFor(() => expect((heartIn('Night Ferry') as HTMLButtonElement).disabled).toBe(false));
    expect(actors.some((actor) => machineOf(actor) === 'favouriteToggle')).toBe(false);
    await userEvent.setup().click(heartIn('Night Ferry'));
    await screen.findByText(text.favourites.added);
    const toggle = actors.find((actor) => machineOf(actor) === 'favouriteToggle');
    expect(eventsOf(toggle)).toContain('TOGGLE');
  });

  it("the playlist page's actor, once a playlist page opens", async () => {
    const { withId, eventsOf } = await inspected('/playlist/1');
    await screen.findByRole('heading', { name: 'Night drive' });
    expect(eventsOf(withId('playlistPage:1'))).toContain('xstate.done.actor.loadPlaylist');
  });

  it("a page's loader, created by the page itself, under the name of what it loads", async () => {
    const { system, actors, machineOf, eventsOf } = await inspected('/tags');
    // the site's info is the one loader the system starts (siteLoader); the page's is another
    expect(machineOf(system.site)).toBe('siteLoader');
    const pageLoaders = () => actors.filter((actor) => machineOf(actor) === 'rootTagsLoader');
    await waitFor(() =>
      expect(pageLoaders().some((loader) => eventsOf(loader).includes('xstate.done.actor.loadRootTags'))).toBe(true),
    );
  });

  it("a page's loader that fails toasts once, through the system's one notify", async () => {
    const { system } = await inspected('/tags', '/api/meta/tags');
    // the page says why, and the toast says it once (both listeners of a loader's notify would toast at once)
    await screen.findAllByText('tags are gone');
    await waitFor(() =>
      expect(system.messages.getSnapshot().context.messages.filter((m) => m.message === 'tags are gone')).toHaveLength(
        1,
      ),
    );
  });
});
