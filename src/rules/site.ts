// Registration and 2FA rules derived from the site's features (docs/behaviour.md#site-info).
import type { SiteInfo } from '@/shared/types';

export function registrationOpen(site: Pick<SiteInfo, 'features'>): boolean {
  return !site.features.includes('close') || site.features.includes('invite');
}

export function inviteRequired(site: Pick<SiteInfo, 'features'>): boolean {
  return site.features.includes('invite');
}

export function twoFactorEnabled(site: Pick<SiteInfo, 'features'>): boolean {
  return site.features.includes('2fa') || site.features.includes('2fa_enforced');
}

/** every user must turn two-step sign-in on before anything else answers (anniv-go's `2fa_enforced`) */
export function twoFactorEnforced(site: Pick<SiteInfo, 'features'>): boolean {
  return site.features.includes('2fa_enforced');
}

/**
 * the reference server's recovery codes (docs/protocol.md#user): turning two-step sign-in on hands
 * them out, and a code may be one of them. anniv-go has none and does not announce it.
 */
export function recoveryCodesOffered(site: Pick<SiteInfo, 'features'>): boolean {
  return site.features.includes('2fa_recovery');
}

/** site name, plus a separator and the description if present (docs/behaviour.md#player) */
function pageTitle(site: Pick<SiteInfo, 'siteName' | 'description'>, separator: string): string {
  return site.description ? `${site.siteName}${separator}${site.description}` : site.siteName;
}

/**
 * The page title (docs/behaviour.md#player): while a track plays `track title | site name`, else the
 * site's own title. Before the site info is read (offline, the server down) the name last read
 * stands in; with neither, what the page has stays (null).
 */
export function documentTitle(
  site: Pick<SiteInfo, 'siteName' | 'description'> | null,
  playingTitle: string | null,
  lastSiteName: string | null,
  separators: { title: string; track: string },
): string | null {
  const name = site?.siteName ?? lastSiteName;
  if (playingTitle) return name ? `${playingTitle}${separators.track}${name}` : playingTitle;
  if (site) return pageTitle(site, separators.title);
  return null;
}
