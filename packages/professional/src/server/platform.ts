import { definePlatform } from '@socialquery/core/server';
import { professionalContract } from '../contract.js';
import { createProfessionalExporters } from './exporters.js';
import { createProfessionalHandlers } from './handlers.js';

/** The professional platform: its contract and how its handlers and exporters are made over a `ProfessionalSource`. */
export const professionalPlatform = definePlatform({
  name: 'professional',
  contract: professionalContract,
  handlers: createProfessionalHandlers,
  exporters: createProfessionalExporters,
});
