export * from './schemas.js';
export { companyEmployees, professionalContract, profile, profilesByIds } from './contract.js';
export { history, professionalHistoryKinds } from './history.js';
export type { ProfessionalHistoryKind } from './history.js';
export { createProfessionalClient } from './client.js';
export type { ProfessionalClient, ProfessionalClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
