// The part of the constants (constants.ts) the first page uses: the frame, the player, sign-in and
// the stores it starts with. Modules of the first page import them from here, so the rest loads with
// the pages and features that use them, as the text catalogue does (firstPageText.ts).

export const REQUEST_TIMEOUT_MS = 10_000;

export const TOAST_AUTO_HIDE_MS = 5_000;

export const DRAWER_WIDTH = 240;

/**
 * Below this width (a phone) the drawer starts closed and lies over the page instead of pushing it
 * aside, and the player bar drops its volume slider. The CSS modules use the same 48em.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 47.99em)';

export const STAT_REPORT_DELAY_MS = 10_000;

export const LOGOUT_REDIRECT_DELAY_MS = 2_000;

/** ours, not the spec's: a track that neither plays nor fails within this long counts as failed */
export const BUFFERING_TIMEOUT_MS = 20_000;

export const DEFAULT_AUDIO_DURATION_S = 300;

export const STREAMING_CUTOFF_S = 600;

export const DEFAULT_VOLUME = 100;

/** offline (the server did not answer): how often the server is asked again, so the banner leaves by itself */
export const SERVER_RECHECK_MS = 15_000;

/** gapless: how close to the end of a track the hand-over to the prepared next one is timed (timeupdate comes every ~250 ms) */
export const HAND_OVER_WINDOW_MS = 2_000;

/**
 * gapless: the start-up delay the first hand-over of a page is timed by, before one was measured:
 * what Chromium takes from play() on a loaded element to its first sample (~4 audio output
 * callbacks of 23 ms, measured in tests/e2e/playback.test.ts); later hand-overs use their own
 */
export const FIRST_HAND_OVER_DELAY_MS = 85;

/**
 * the same for an element routed through the player's running Web Audio graph, which already pulls
 * sound: play() to first sample measured at 0.4–6 ms in headless Chromium (tests/e2e/gapless.test.ts)
 */
export const FIRST_ROUTED_HAND_OVER_DELAY_MS = 5;

/** gapless: a measured play()-to-first-sample delay above this is a stall, not the browser's start-up; it is not used */
export const MAX_START_DELAY_MS = 500;

export const SLEEP_FADE_MS = 10_000;

export const QUALITIES = ['low', 'medium', 'high', 'lossless'] as const;

export type Quality = (typeof QUALITIES)[number];

export const DEFAULT_QUALITY: Quality = 'lossless';

export const PAGE_CLOSE_ACTIONS = ['none', 'confirmWhenPlaying'] as const;

export type PageCloseAction = (typeof PAGE_CLOSE_ACTIONS)[number];

export const DEFAULT_PAGE_CLOSE_ACTION: PageCloseAction = 'none';

/** the page's colours: light, dark, or as the system says */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;

export type ColorSchemeSetting = (typeof COLOR_SCHEMES)[number];

export const DEFAULT_COLOR_SCHEME: ColorSchemeSetting = 'auto';

/** the localStorage key of the colour scheme (read by index.html's pre-paint script too) */
export const COLOR_SCHEME_KEY = 'ui.colorScheme';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export const DEFAULT_LIBRARY_PRIORITY = 0;

/** anniv-go refuses a nickname over 20 bytes (102000) */
export const NICKNAME_MAX_BYTES = 20;

export const CREDENTIAL_NAME_MAX = 200;

/** ours: a site name kept for the page title offline is read back only up to this length */
export const SITE_NAME_MAX = 200;

export const CREDENTIAL_URL_MAX = 2_000;

export const CREDENTIAL_TOKEN_MAX = 10_000;

export const DEFAULT_PROTOCOL_VERSION = '1';

// Anniv status codes the client reacts to (docs/protocol.md#status-codes).
export const STATUS_OK = 0;

export const STATUS_UNAUTHORIZED = 902002;

/** two-step sign-in (docs/protocol.md#status-codes): not on / enforced, wrong or missing code, too many wrong codes */
export const STATUS_TWO_FACTOR_NOT_ENABLED = 202000;

export const STATUS_WRONG_TWO_FACTOR_CODE = 202001;

export const STATUS_TWO_FACTOR_ATTEMPTS_LIMITED = 202003;

/** a TOTP code: 6 digits (RFC 6238 as anniv-go uses it) */
export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;

/**
 * a recovery code of the reference server (docs/protocol.md#user): 10 characters without 0/o, 1/l/i,
 * shown as `abcde-23456`; typed in any case, with or without the dash
 */
export const RECOVERY_CODE_PATTERN = /^[2-9a-hjkmnp-z]{5}-?[2-9a-hjkmnp-z]{5}$/i;

// The HEAD probe's fixed extra flag (docs/protocol.md#audio-and-quality).
export const PROBE_FLAG = '_xcw';

// HEAD probe answers kept per URL for the session (a few albums' worth; each is three headers).
export const PROBE_CACHE_LIMIT = 500;

/** where the app's routes live in the URL: the path (`/album/{id}`) or the hash (`/#/album/{id}`); services/addresses.ts */
export type AddressMode = 'path' | 'hash';

export const ADDRESS_MODES: readonly AddressMode[] = ['path', 'hash'];

/** ending an overlap early (a skip, a pause, a seek): the outgoing track fades this fast (s) */
export const OVERLAP_CUT_S = 0.08;
