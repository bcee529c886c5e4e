// The artist line (docs/behaviour.md#track-rows, #albums-and-tracks): the artist text in display form, then the credits by role
// (`作曲: Ren Kishi`), with the catalogue's role labels; an unknown role is shown as it is.
// A plain span: it is rendered once per track row, so it stays cheap.
import { artistDisplay } from '@/rules/artist';
import type { ArtistRoles } from '@/shared/types';
import { text } from '@/shared/firstPageText';
import classes from './ArtistText.module.css';

function roleLabel(role: string): string {
  return Object.hasOwn(text.track.roles, role) ? (text.track.roles[role] ?? role) : role;
}

/** `作曲: Ren Kishi / 作词: Mio Aoki`, in the map's order; empty names are skipped */
function creditsText(artists: ArtistRoles | undefined): string {
  if (!artists) return '';
  return Object.entries(artists)
    .filter(([, artist]) => artist.trim() !== '')
    .map(([role, artist]) => text.track.credit(roleLabel(role), artistDisplay(artist)))
    .join(text.track.creditSeparator);
}

export interface ArtistTextProps {
  artist: string;
  artists?: ArtistRoles;
  className?: string;
}

export function ArtistText({ artist, artists, className }: ArtistTextProps) {
  const main = artistDisplay(artist);
  const credits = creditsText(artists);
  const full = [main, credits].filter(Boolean).join(text.track.creditSeparator);
  return (
    <span className={className ? `${classes.line} ${className}` : classes.line} title={full}>
      {main}
      {credits && (
        <span className={classes.credits}>
          {main && text.track.creditSeparator}
          {credits}
        </span>
      )}
    </span>
  );
}
