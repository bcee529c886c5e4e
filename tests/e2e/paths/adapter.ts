// What an interface-paths adapter tells the runner (tests/e2e/paths/runner.ts): for one machine of
// the registry, how a user does each of its events in the real app and what the user sees in each
// of its states. The paths themselves are generated from the machine, never written by hand.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Suite } from '../support/suite';

export interface InterfaceAdapter<Ctx> {
  /** The machine's name in model-paths/registry.ts. */
  machine: string;
  /** The seed of the walk: the same seed gives the same paths. */
  seed: number;
  /**
   * How the paths are generated (default quick: the nearest transition not fired yet, again and
   * again, so few steps; random: seeded random walks, which meander).
   */
  generator?: 'quick' | 'random';
  /** Events per walk before a new one starts from the initial state (default 40: few, long paths). */
  maxLength?: number;
  /**
   * What makes two snapshots one state for the walk's search (default: the machine's walk spec's):
   * an adapter whose `accepts` reads the context (two-step sign-in on or off, the player's queue)
   * names those parts, so a route is not pruned at a state seen before with another context.
   */
  stateKey?: (snapshot: AnyMachineSnapshot) => string;
  /** A fresh page in the machine's initial state (signed in, the page open, requests held…). */
  start(env: { suite: Suite }): Promise<Ctx>;
  stop(ctx: Ctx): Promise<void>;
  /**
   * Event type → what the user does (or how the server answers a held request). `model` is the
   * machine's snapshot after the step: what the step should lead to (the track that should load…).
   */
  events: Record<string, (ctx: Ctx, event: AnyEventObject, model: AnyMachineSnapshot) => Promise<void>>;
  /**
   * Whether the user can send this sample event in the state `model` is in (default: every event
   * of a mapped type, everywhere): e.g. no login form shows while the code is asked for.
   */
  accepts?: (event: AnyEventObject, model: AnyMachineSnapshot) => boolean;
  /**
   * Leaf state path as in the machine ('loggedIn.idle') → what the user sees, waited for. `model` is
   * the machine's snapshot at that step of the walk: a check may compare what shows with its context
   * (a form's message, say).
   */
  states: Record<string, (ctx: Ctx, model: AnyMachineSnapshot) => Promise<void>>;
  /** Transitions (ids as model-paths/transitions.ts prints them) no user action reaches, each with why. */
  notThroughInterface: readonly { transition: string; reason: string }[];
  /**
   * What a deployed site must offer for the machine's exported paths (`npm run paths:ui -- --export
   * DIR`) beyond the reference server's demo account and demo library: an environment variable, an
   * open registration… The export prints it and writes it at the top of the machine's file.
   */
  siteNeeds?: string;
  /**
   * Why the paths can run only against the reference server the e2e suite starts (its data folder,
   * its logs, a setting only a test server has…): the export names the machine with this reason
   * and writes no file for it.
   */
  referenceServerOnly?: string;
}

/** The adapter without its type parameter, as the runner and the test file hold them. */
// biome-ignore lint/suspicious/noExplicitAny: any machine's adapter, whatever its snapshot type
export type AnyInterfaceAdapter = InterfaceAdapter<any>;
