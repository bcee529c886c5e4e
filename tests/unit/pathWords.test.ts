// The Markdown test cases speak the product's words (`npm run paths -- <machine> --format md`):
// every event a machine takes has a label beside it (`pathEventLabels` in its .samples.ts) and
// every state a description, so a new event or state cannot be added without one.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { MachineRegistry } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { runPaths } from '../../model-paths/cli';
import { allStateNodes, eventTypesOf } from '../../model-paths/modelPaths';
import { smallMachine } from './fixtures/smallMachine';

const names = Object.keys(registry.machines);

describe.each(names)('%s in the product words', (name) => {
  const machine = registry.machines[name]!;
  const labels = registry.pathEventLabels[name] ?? {};

  it('labels every event it takes, and nothing else', () => {
    const types = eventTypesOf(machine);
    expect(types.filter((type) => !labels[type]?.trim())).toEqual([]);
    expect(Object.keys(labels).filter((type) => !types.includes(type))).toEqual([]);
  });

  it('describes every state, itself included', () => {
    const bare = allStateNodes(machine).filter((node) => !node.description?.trim());
    expect(bare.map((node) => node.path.join('.') || '(the machine)')).toEqual([]);
  });
});

describe('--format md with labels', () => {
  it("reads each event as its label, the machine's event name and payload beside it", () => {
    const md = runPaths(registry, ['favouriteToggle', '--format', 'md']).out;
    expect(md).toContain('- **When** the listener clicks the heart (`TOGGLE`) with `{"liked":false}`');
    expect(md).toContain('- **When** the server accepts it (添加喜欢成功 / 取消喜欢成功) (`done: submit`)');
    expect(md).toContain(
      '- **Given** *idle*: The heart shows whether the track, album or playlist is liked; a click toggles it.',
    );
  });

  it('keeps the generic wording for an event without a label', () => {
    const small: MachineRegistry = {
      machines: { small: smallMachine },
      pathEvents: { small: [{ type: 'GO', to: 'a' }] as AnyEventObject[] },
      pathEventLabels: { small: { NOT_AN_EVENT: 'never used' } },
    };
    const md = runPaths(small, ['small', '--format', 'md']).out;
    expect(md).toContain('- **When** go (`GO`) with `{"to":"a"}`');
    expect(md).not.toContain('never used');
  });
});
