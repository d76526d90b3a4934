/** The shared jest setup (jest.preset.js at the repository root). */
export { default } from '../../jest.preset.js';
