import { providedContext } from '@/ui/providedContext';
import type { PlaylistsFeature } from './start';

export const [PlaylistsProvider, usePlaylists] = providedContext<PlaylistsFeature>('Playlists');
