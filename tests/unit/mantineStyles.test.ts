// Mantine's styles are imported per component, with the code that renders it (so a page's chunk
// brings its own): a component whose styles nobody imported renders without them, and a Progress
// without its sheet is a bar 0 px high. Every file that uses a Mantine component must import that
// component's sheet itself, through a styles module it imports (src/ui/styles/*), or have it in the
// first page's sheets, which every page loads (src/ui/styles/firstPage.ts, imported by main.tsx).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const SHEETS = join(ROOT, 'node_modules', '@mantine', 'core', 'styles');

/**
 * the sheets a component renders with beyond its own, as its source shows (Mantine's list of CSS
 * files says to look there): inputs are built on Input, a modal's content is a Paper with a
 * CloseButton over an Overlay, a card is a Paper, a notification has a CloseButton and a Loader
 */
const BUILT_ON: Record<string, string[]> = {
  TextInput: ['Input'],
  Textarea: ['Input'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'PasswordInput'],
  NumberInput: ['Input', 'NumberInput'],
  Modal: ['Modal', 'ModalBase', 'Overlay', 'Paper', 'CloseButton'],
  Menu: ['Menu', 'Popover'],
  Card: ['Card', 'Paper'],
  Notification: ['Notification', 'CloseButton', 'Loader'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** the Mantine sheets a module imports itself: `@mantine/core/styles/{Name}.layer.css` */
const sheetsIn = (code: string) =>
  new Set([...code.matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css/g)].map((match) => match[1]!));

/** the styles modules a module imports (`@/ui/styles/{name}`) */
const stylesModulesIn = (code: string) =>
  [...code.matchAll(/['"]@\/ui\/styles\/([a-z]+)['"]/g)].map((match) => join(SRC, 'ui', 'styles', `${match[1]}.ts`));

/** the components a module imports from @mantine/core (not types) */
function componentsIn(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ') && /^[A-Z]/.test(name)) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** the sheets a component needs, of those Mantine ships */
const sheetsFor = (component: string) =>
  (BUILT_ON[component] ?? [component]).filter((sheet) => existsSync(join(SHEETS, `${sheet}.layer.css`)));

describe("Mantine's styles", () => {
  const firstPage = sheetsIn(readFileSync(join(SRC, 'ui', 'styles', 'firstPage.ts'), 'utf8'));

  test('the first page loads its sheets on every page', () => {
    expect(readFileSync(join(SRC, 'main.tsx'), 'utf8')).toMatch(/['"]@\/ui\/styles\/firstPage['"]/);
    expect(firstPage.size).toBeGreaterThan(0);
  });

  test('every Mantine component is rendered with its styles imported', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const code = readFileSync(file, 'utf8');
      const components = componentsIn(code);
      if (components.length === 0) continue;
      const loaded = new Set([
        ...firstPage,
        ...sheetsIn(code),
        ...stylesModulesIn(code).flatMap((module) => [...sheetsIn(readFileSync(module, 'utf8'))]),
      ]);
      for (const component of components) {
        for (const sheet of sheetsFor(component))
          if (!loaded.has(sheet)) missing.push(`${relative(ROOT, file)}: ${component} needs ${sheet}.layer.css`);
      }
    }
    expect(missing).toEqual([]);
  });
});
