import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo 6 under white text (and as link text on white) is 4.3:1, short of WCAG AA's 4.5:1; 7 is 5:1,
  // and 8 in the dark scheme 5.7:1
  primaryShade: { light: 7, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
});

/**
 * Mantine colours under WCAG AA's 4.5:1 in this theme, mended (checked by the axe scan in
 * tests/e2e/appearance.test.ts): dimmed text (gray 6 on white 3.3:1, dark 2 on dark 7 4:1) and
 * the light variant's text (badges, tag chips: indigo 7 on its light background 3.9:1; the chips'
 * links take the badge's colour, `c="inherit"`), and red in the light scheme: white on a filled
 * red button (red 7, 3.8:1) and red text on white (`c="red"`: red 6, 3.6:1) take red 8 (4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-indigo-light-color': t.colors.indigo[9]!,
    '--mantine-color-red-filled': t.colors.red[8]!,
    '--mantine-color-red-filled-hover': t.colors.red[9]!,
    '--mantine-color-red-text': t.colors.red[8]!,
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1]!,
  },
});
