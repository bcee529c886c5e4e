import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chunkOf, importedChunks, type ChunkLink } from './chunks';
import type { Plugin } from 'vite';
import { LAZY_PAGES, ROUTE_TABLE, type LazyPageName } from '../src/app/routeTable';
import { ADDRESS_MARKER } from '../src/services/addresses';

/*
 * One HTML page per code-split route page: index.html plus a `<link rel="modulepreload">` for every
 * JS file the page's chunk imports (all the way down) and a stylesheet link for their CSS, plus the
 * data chunk every page loads next. The browser then fetches them while it fetches the app's entry
 * (two rounds: the HTML, then everything) instead of learning of each file from the one before.
 * Written to `<outDir>/routes/<Page>.html` with `routes.json` (route path → file), beside
 * `routes/app.html` (index.html saying path addresses work); server/static.ts answers a client
 * route with its page, `/` and any other path with app.html.
 */

const ROUTES_DIR = 'routes';
const ROUTES_INDEX = 'routes.json';
/** the chunk of services and storage (vite.config.ts): every page loads data through it */
const DATA_CHUNK = 'data';

export interface ChunkInfo extends ChunkLink {
  name: string;
  css: string[];
}

/** For each lazy page, the files to preload: its chunk, what that imports, their CSS, the data chunk. */
export function pageFiles(chunks: ChunkInfo[], root: string): Map<LazyPageName, string[]> {
  const data = chunks.find((c) => c.name === DATA_CHUNK);
  const out = new Map<LazyPageName, string[]>();
  for (const [name, source] of Object.entries(LAZY_PAGES) as [LazyPageName, string][]) {
    const chunk = chunkOf(chunks, root, source);
    if (!chunk) throw new Error(`routePages: no chunk for ${name} (${source}); is LAZY_PAGES in step with the pages?`);
    const needed = [...importedChunks(chunk, chunks), ...(data ? importedChunks(data, chunks) : [])];
    const files = new Set(needed.flatMap((c) => [c.fileName, ...c.css]));
    // scripts before stylesheets, each in a stable order
    out.set(
      name,
      [...files].sort((a, b) => Number(a.endsWith('.css')) - Number(b.endsWith('.css')) || a.localeCompare(b)),
    );
  }
  return out;
}

/**
 * The app's page for a server that answers every route with it (the reference server): index.html
 * with the marker that tells the app it may use path addresses (services/addresses.ts). A server
 * that serves the build as files only (anniv-go) sends index.html, without it: hash addresses.
 */
export const APP_PAGE = 'app.html';

export function withAddressMarker(html: string): string {
  if (!html.includes('</head>')) throw new Error('routePages: index.html has no </head>');
  return html.replace(/\s*<\/head>/, `\n    <meta name="${ADDRESS_MARKER}" content="path">\n  </head>`);
}

/** index.html with the links added at the end of <head> */
export function withPreloads(html: string, files: string[], base = '/'): string {
  const links = files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${base}${file}">`
        : `<link rel="modulepreload" crossorigin href="${base}${file}">`,
    )
    .join('\n    ');
  if (!html.includes('</head>')) throw new Error('routePages: index.html has no </head>');
  return html.replace(/\s*<\/head>/, `\n    ${links}\n  </head>`);
}

export function routePages(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let base = '/';
  let files = new Map<LazyPageName, string[]>();
  return {
    name: 'anniv:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          name: item.name,
          facadeModuleId: item.facadeModuleId,
          isEntry: item.isEntry,
          imports: item.imports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
        });
      }
      files = pageFiles(chunks, root);
    },
    async writeBundle() {
      const app = withAddressMarker(await readFile(join(outDir, 'index.html'), 'utf8'));
      await mkdir(join(outDir, ROUTES_DIR), { recursive: true });
      await writeFile(join(outDir, ROUTES_DIR, APP_PAGE), app);
      for (const [name, list] of files)
        await writeFile(join(outDir, ROUTES_DIR, `${name}.html`), withPreloads(app, list, base));
      const table = ROUTE_TABLE.filter((route) => route.page !== 'HomePage').map((route) => ({
        path: route.path,
        file: `${ROUTES_DIR}/${route.page}.html`,
      }));
      await writeFile(join(outDir, ROUTES_DIR, ROUTES_INDEX), `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}
