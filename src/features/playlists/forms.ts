// The create and edit dialogs' rules (docs/behaviour.md#form-checks): the first failing message, or null when valid.
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '@/shared/constants';
import { text } from '@/shared/text';
import type { PlaylistFields } from '@/shared/types';

export function playlistFormError(form: PlaylistFields): string | null {
  const name = form.name.trim();
  if (name === '') return text.playlist.nameRequired;
  if ([...name].length > PLAYLIST_NAME_MAX) return text.playlist.nameTooLong(PLAYLIST_NAME_MAX);
  if ([...form.description].length > PLAYLIST_DESCRIPTION_MAX)
    return text.playlist.descriptionTooLong(PLAYLIST_DESCRIPTION_MAX);
  return null;
}

/** what is sent: the name trimmed */
export function cleanFields(form: PlaylistFields): PlaylistFields {
  return { name: form.name.trim(), description: form.description, isPublic: form.isPublic };
}
