import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { withoutMachineDescriptions } from '../../build/machineDescriptions';

// The build step that leaves the machines' description texts out of the bundle (build/machineDescriptions.ts).
const syntaxErrors = (code: string) =>
  ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } })
    .diagnostics ?? [];

describe('machine descriptions in the build', () => {
  test("a createMachine call's description texts go; names, other texts, its context and data, and descriptions outside it stay", () => {
    const code = [
      "const form = { description: 'kept: a playlist field' };",
      'export const m = setup({}).createMachine({',
      "  id: 'm',",
      "  context: { name: '', description: '' },",
      "  description: 'the machine',",
      '  states: {',
      '    a: { description: `the state`, on: { GO: { target: \'b\', description: "the transition" } } },',
      "    b: { tags: ['ready'], description: text.someText, invoke: { src: 'save', input: () => ({ description: 'data' }) } },",
      '  },',
      '});',
    ].join('\n');
    const out = withoutMachineDescriptions(code);
    expect(out).not.toMatch(/the machine|the state|the transition/);
    expect(out).toContain("const form = { description: 'kept: a playlist field' };");
    expect(out).toContain('description: text.someText');
    // the data a machine keeps or sends (a share's 分享描述) is not its documentation
    expect(out).toContain("context: { name: '', description: '' },");
    expect(out).toContain("input: () => ({ description: 'data' })");
    expect(out).toContain("id: 'm',");
    expect(out).toContain("on: { GO: { target: 'b',  } }");
    expect(syntaxErrors(out)).toEqual([]);
  });

  test('a real machine keeps its code and loses its descriptions', () => {
    const code = readFileSync(new URL('../../src/features/favourites/favouritesMachine.ts', import.meta.url), 'utf8');
    const out = withoutMachineDescriptions(code);
    expect(code).toContain('Nobody signed in: favourites load after sign-in.');
    expect(out).not.toContain('Nobody signed in: favourites load after sign-in.');
    expect(out).not.toMatch(/description: ['"`]/);
    expect(out).toContain("actions: 'toggle'");
    expect(syntaxErrors(out)).toEqual([]);
  });
});
