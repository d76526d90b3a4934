export * from './schemas.js';
export { companyEmployees, professionalContract, profile, profilesByIds } from './contract.js';
export { createProfessionalClient } from './client.js';
export type { ProfessionalClient, ProfessionalClientOptions } from './client.js';
