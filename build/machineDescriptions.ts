import ts from 'typescript';
import type { Plugin } from 'vite';

/*
 * The production build leaves out the machines' `description` texts. They document the machines
 * (docs/machines, written from the sources by `npm run machines`, and the Stately inspector, which
 * runs in the dev build only); the running app never reads them, and the first page would carry
 * some 3 kB gzip of them. Only string texts written in a `createMachine(…)` call of a module whose
 * name ends in `Machine.ts` are dropped, outside its context and its functions (a share's
 * `description` there is data); state and action names stay as they are.
 */

const MACHINE_MODULE = /[\\/]src[\\/].*Machine\.ts$/;

const isCreateMachine = (node: ts.Node): boolean =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'createMachine';

const propertyNamed = (node: ts.Node, name: string): boolean =>
  ts.isPropertyAssignment(node) &&
  (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
  node.name.text === name;

/** what a machine keeps or computes (its context, functions' results): data, never documentation */
const isData = (node: ts.Node): boolean => propertyNamed(node, 'context') || ts.isFunctionLike(node);

const isDescriptionText = (node: ts.Node): boolean =>
  propertyNamed(node, 'description') &&
  ts.isPropertyAssignment(node) &&
  (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer));

/** `code` without the description texts of its createMachine calls (the comma after each one too) */
export function withoutMachineDescriptions(code: string): string {
  const source = ts.createSourceFile('machine.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: ts.Node, inMachine: boolean): void => {
    if (inMachine && isDescriptionText(node)) {
      const end = code[node.end] === ',' ? node.end + 1 : node.end;
      cuts.push({ start: node.getStart(source), end });
      return;
    }
    if (inMachine && isData(node)) return;
    const machine = inMachine || isCreateMachine(node);
    ts.forEachChild(node, (child) => visit(child, machine));
  };
  visit(source, false);
  let out = code;
  for (const { start, end } of cuts.reverse()) out = out.slice(0, start) + out.slice(end);
  return out;
}

export function machineDescriptions(): Plugin {
  return {
    name: 'anniv-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_MODULE.test(id.split('?')[0] ?? id)) return null;
      return { code: withoutMachineDescriptions(code), map: null };
    },
  };
}
