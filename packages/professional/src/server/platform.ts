import { definePlatform } from '@socialquery/core/server';
import { professionalContract } from '../contract.js';
import { createProfessionalHandlers } from './handlers.js';

/**
 * The professional platform: its contract and how its handlers are made over a `ProfessionalSource`.
 * Company employees page by `cursor`, which bulk export follows as a client would.
 */
export const professionalPlatform = definePlatform({
  name: 'professional',
  contract: professionalContract,
  handlers: createProfessionalHandlers,
});
