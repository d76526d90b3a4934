import type { Contract } from '../operation.js';
import type { ContractExporters } from './export.js';
import type { ContractHandlers } from './handler.js';

/** A contract together with its handlers: what the service mounts. */
export interface MountablePlatform<C extends Contract = Contract> {
  contract: C;
  handlers: ContractHandlers<C>;
  /** Bulk export of operations that need more than their handler (see `exporterFor`). */
  exporters?: ContractExporters<C>;
}

/**
 * A platform as its package declares it: its contract, and how to make its handlers (and, where
 * an operation exports in its own way, its exporters) over the `Source` the platform declares.
 * The store binds it to its Source with `bindPlatform`; nothing else restates the wiring.
 */
export interface PlatformDefinition<C extends Contract, S> {
  /** The platform group's name, as the CLI and the docs use it (`forum`, `music`…). */
  readonly name: string;
  readonly contract: C;
  readonly handlers: (source: S) => ContractHandlers<C>;
  readonly exporters?: (source: S) => ContractExporters<C>;
}

/** Declares a platform once; the compiler checks its handlers (and exporters) against its contract. */
export function definePlatform<C extends Contract, S>(definition: PlatformDefinition<C, S>): PlatformDefinition<C, S> {
  return Object.freeze(definition);
}

/** The platform over one Source: its contract with handlers (and exporters) made for that Source. */
export function bindPlatform<C extends Contract, S>(
  platform: PlatformDefinition<C, S>,
  source: S,
): MountablePlatform<C> {
  const { contract, handlers, exporters } = platform;
  return exporters
    ? { contract, handlers: handlers(source), exporters: exporters(source) }
    : { contract, handlers: handlers(source) };
}
