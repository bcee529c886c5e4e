// dependency-cruiser configuration: the dependency direction of src/, and between src, server,
// scripts, bench and tests (npm run lint:deps). The rules themselves live in
// lint/layerRules.cjs so that tests/unit/dependencyRules.test.ts can check them against
// small fixture trees.
'use strict';

const { layerRules, toolingRules } = require('./lint/layerRules.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...layerRules('src'), ...toolingRules()],
  options: {
    // Look at our own files only; npm packages are leaves.
    doNotFollow: { path: ['node_modules'] },
    moduleSystems: ['es6', 'cjs'],
    // Count dependencies that vanish on compilation too ("import type", type-only re-exports):
    // a type import across layers is still a dependency in the wrong direction.
    tsPreCompilationDeps: true,
    // Resolve the "@/" alias (compilerOptions.paths) through tsconfig.json.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Only run the analyses the rules above need (circular detection is one of them).
    skipAnalysisNotInRules: true,
  },
};
