import type { Contract, OperationConfig, OperationParams } from '../operation.js';
import type { z } from 'zod';
import type { CursorCodec } from './cursor.js';

/** What the service hands every handler besides the parameters. */
export interface HandlerContext {
  /** The moment the request is answered at; time windows and relative texts use it. */
  now: Date;
  cursors: CursorCodec;
  requestId: string;
  /**
   * Whether the request selects the records' `extra` (`fields=…,extra`): the source's fields the
   * API has no field for, answered only when asked for (core's fields module, EXTRA_FIELD).
   */
  extra?: boolean;
}

/** A pure handler: validated parameters in, the success body out (the body's schema input). */
export type OperationHandler<O extends OperationConfig> = (
  params: OperationParams<O>,
  ctx: HandlerContext,
) => Promise<z.input<O['response']>>;

/** One handler per operation of a contract, same keys. */
export type ContractHandlers<C extends Contract> = { [K in keyof C]: OperationHandler<C[K]> };
