// The layer rules of the browser code, as dependency-cruiser "forbidden" rules.
//
// Built by a function of the root folder so that the same rules can be checked
// against the real tree ('src', used by .dependency-cruiser.cjs) and against the
// small fixture trees of tests/unit/dependencyRules.test.ts.
//
// Layers, top to bottom (imports may only point down, or sideways where said):
//   main.tsx, app/**        composition: may import anything
//   features/<name>/**      own folder freely; another feature only via its public files,
//                           index.ts(x), components.ts(x) and <name>.public.ts(x);
//                           ui, services, storage, shared
//   ui/**                   ui, services, storage, rules, shared; no machine (xstate for types only)
//   services/**             services, rules, shared (and no React/XState/Mantine/wouter)
//   storage/**              storage, rules, shared (and no React/XState/Mantine/wouter)
//   rules/**                rules, shared (and no React/XState/Mantine/wouter)
//   shared/**               shared only (and no React/XState/Mantine/wouter)
//   **/*.samples.ts         path samples for tooling: imported by other samples files only
//
// toolingRules() adds the rules between the repository's programs: the scripts, benchmarks, build
// plugins, model paths and harness do not import the tests (what they share with the tests lives in
// harness/ and model-paths/), and the server does not import the app.
'use strict';

/** Escapes a folder name for use inside a regular expression. */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Packages that make code React, XState or router code. Matched both as resolved
// paths (node_modules/…, including @types/…) and as bare names (when unresolved).
const FRAMEWORK_PACKAGES = ['react', 'react-dom', 'xstate', 'wouter'];
const FRAMEWORK_SCOPES = ['@xstate', '@mantine'];
const FRAMEWORK_NAMES = `(?:(?:@types/)?(?:${FRAMEWORK_PACKAGES.join('|')})|(?:${FRAMEWORK_SCOPES.join('|')})/[^/]+)`;
const FRAMEWORK_PATHS = [`(^|/)node_modules/${FRAMEWORK_NAMES}(/|$)`, `^${FRAMEWORK_NAMES}(/|$)`];

/**
 * @param {string} [root='src'] the folder holding main.tsx, app, features, ui, services, storage, rules, shared,
 *   written as dependency-cruiser reports paths (relative to the working directory, forward slashes).
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
function layerRules(root = 'src') {
  const r = `^${escapeRegExp(root.replace(/\/+$/, ''))}/`;
  const app = `${r}(app/|main\\.tsx$)`;
  const features = `${r}features/`;

  return [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This module is part of an import cycle. Break the cycle: move what both sides need into a lower ' +
        "layer (e.g. the feature's own model file, or src/shared), or pass it in as a parameter instead of importing it.",
      from: { path: r },
      to: { path: r, circular: true },
    },
    {
      name: 'feature-not-to-app',
      severity: 'error',
      comment:
        'A feature (src/features/<name>/**) must not import src/app/** or src/main.tsx: the app composes the ' +
        'features, not the other way round. Move what the feature needs into the feature, src/ui, src/services, ' +
        'src/storage or src/shared, or have the app pass it in.',
      from: { path: features },
      to: { path: app },
    },
    {
      name: 'feature-to-other-feature-only-via-index',
      severity: 'error',
      comment:
        "A feature may import another feature only through that feature's public files, never its " +
        'internal files: src/features/<other>/index.ts (what the app composes: start functions, ' +
        "providers, hooks, types; loaded with the first page), components.ts (views other features' " +
        'lazy pages render, kept out of the first page) or a <name>.public.ts (a narrower set, when a ' +
        'page must not load all of components.ts). Export the thing there, or move it to src/shared ' +
        'if it is plain vocabulary.',
      from: { path: `${features}([^/]+)/` },
      to: {
        path: features,
        pathNot: [`${features}$1/`, `${features}[^/]+/(index|components|[A-Za-z]+\\.public)\\.tsx?$`],
      },
    },
    {
      name: 'ui-not-to-features-or-app',
      severity: 'error',
      comment:
        'src/ui/** holds generic components without product state: it may import only src/ui, src/services, ' +
        'src/storage and src/shared, not src/features/** or src/app/** (or src/main.tsx). Pass product data ' +
        'and callbacks in as props, or move the component into the feature that uses it.',
      from: { path: `${r}ui/` },
      to: { path: [features, app] },
    },
    {
      name: 'no-machine-in-ui',
      severity: 'error',
      comment:
        'src/ui/** renders what it is given: it holds no machine and runs no actor, so it may import xstate and ' +
        '@xstate/react for types only (an inspector callback). A component that runs a machine is a feature: ' +
        'put the machine and the component in src/features/<name>/ (as features/pageLoad holds the loader).',
      from: { path: `${r}ui/` },
      to: {
        path: ['(^|/)node_modules/(xstate|@xstate/react)(/|$)', '^(xstate|@xstate/react)(/|$)'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'io-not-to-ui-features-or-app',
      severity: 'error',
      comment:
        'src/services/** and src/storage/** are plain I/O: they may import only their own folder, src/rules and ' +
        'src/shared, not src/ui, src/features or src/app (or src/main.tsx). Move the shared type or helper down ' +
        'into src/rules or src/shared, or let the caller pass it in.',
      from: { path: `${r}(services|storage)/` },
      to: { path: [`${r}ui/`, features, app] },
    },
    {
      name: 'services-not-to-storage',
      severity: 'error',
      comment:
        'src/services/** talks to the network and src/storage/** to this device: neither builds on the other. ' +
        'A policy over both (a cache in front of an API call) belongs to the feature that owns it; a rule both ' +
        "need (reading a record's shape) goes down into src/rules.",
      from: { path: `${r}services/` },
      to: { path: `${r}storage/` },
    },
    {
      name: 'storage-not-to-services',
      severity: 'error',
      comment:
        'src/storage/** must not import src/services/**: a stored record is read with the same rules as an ' +
        'answer, so those rules live in src/rules (narrow, albumParse, userInfo), not in the API client; ' +
        'vocabulary goes to src/shared.',
      from: { path: `${r}storage/` },
      to: { path: `${r}services/` },
    },
    {
      name: 'rules-only-to-rules-and-shared',
      severity: 'error',
      comment:
        "src/rules/** holds the product's rules as pure functions (no network, no storage, no framework): it " +
        'may import only src/rules, src/shared and npm packages. Pass what the rule needs in as a parameter, or ' +
        'keep the code that does I/O in src/services or src/storage.',
      from: { path: `${r}rules/` },
      to: { path: r, pathNot: `${r}(rules|shared)/` },
    },
    {
      name: 'shared-only-to-shared',
      severity: 'error',
      comment:
        'src/shared/** is the vocabulary every layer uses: it may import only other files in src/shared (and npm ' +
        'packages). Move what it needs into src/shared, or move the importing code up into the layer it depends on.',
      from: { path: `${r}shared/` },
      to: { path: r, pathNot: `${r}shared/` },
    },
    {
      name: 'no-framework-in-plain-layers',
      severity: 'error',
      comment:
        'src/services/**, src/storage/** and src/rules/** are plain typed functions: they must not import react, ' +
        'react-dom, xstate, @xstate/*, @mantine/* or wouter (not even "import type"). Put hooks, components and ' +
        'machines in src/ui or a feature, and keep the plain function here.',
      from: { path: `${r}(services|storage|rules)/` },
      to: { path: FRAMEWORK_PATHS },
    },
    {
      name: 'no-ui-framework-in-shared',
      severity: 'error',
      comment:
        'src/shared/** is vocabulary: data types, texts, constants and the helpers every machine uses. Of the ' +
        'frameworks it may use only the xstate core (for machine helpers such as provideMe); react, @xstate/react, ' +
        '@mantine/* and wouter belong in src/ui or a feature.',
      from: { path: `${r}shared/` },
      to: { path: FRAMEWORK_PATHS, pathNot: [`(^|/)node_modules/xstate(/|$)`, `^xstate(/|$)`] },
    },
    {
      name: 'samples-only-for-tooling',
      severity: 'error',
      comment:
        "A *.samples.ts file holds a machine's sample events for its model-based paths (npm run paths, " +
        'tests/machines): tooling, not the app. Inside src only another samples file may import one, so ' +
        'none reaches the bundle. Import it from scripts/ or tests/, or move what the app needs out of it.',
      from: { path: r, pathNot: '\\.samples\\.tsx?$' },
      to: { path: `${r}.*\\.samples\\.tsx?$` },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import could not be resolved to a file, so the layer rules cannot check it. Fix the path ' +
        '(the "@/" alias maps to src/ through tsconfig.json "paths"), or install the missing package. ' +
        "Vite's virtual modules (virtual:…, made by a build plugin) have no file and are let through.",
      from: { path: r },
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ];
}

/**
 * The rules between the repository's programs: the client (src), the reference server (server), the
 * Vite plugins (build), the model-path engine with its command line and registry (model-paths), the
 * test harness (harness), the lint rules (lint), the npm scripts' entry points (scripts), the
 * benchmarks (bench) and the tests (tests). What the tests, scripts and benchmarks share (starting a
 * server, a browser, signing in, the summary file) lives in harness/; the model paths in model-paths/.
 *
 * @param {string} [root='.'] the repository root, as dependency-cruiser reports paths
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
/** the repository's programs besides the client, the server and the tests */
const TOOLING_FOLDERS = ['scripts', 'bench', 'build', 'harness', 'lint', 'model-paths'];

function toolingRules(root = '.') {
  const r = root === '.' ? '^' : `^${escapeRegExp(root.replace(/\/+$/, ''))}/`;
  return [
    {
      name: 'tooling-not-to-tests',
      severity: 'error',
      comment:
        'scripts/**, bench/**, build/**, harness/**, lint/** and model-paths/** must not import tests/**: a test ' +
        'helper changes with the tests, and a script or benchmark should not break with it (nor pull test code ' +
        'into npm run dev or a build). Move what they need into harness/ and import it from there, in the tests too.',
      from: { path: `${r}(${TOOLING_FOLDERS.join('|')})/` },
      to: { path: `${r}tests/` },
    },
    {
      name: 'server-not-to-app',
      severity: 'error',
      comment:
        "server/** must not import src/app/**: the app's composition pulls in the features and their views. " +
        'The server keeps its own copy of what it must agree on with the client (server/routePaths.ts), ' +
        'with a test that the two agree.',
      from: { path: `${r}server/` },
      to: { path: `${r}src/app/` },
    },
  ];
}

module.exports = { layerRules, toolingRules, TOOLING_FOLDERS };
