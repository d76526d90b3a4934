/** The shared jest setup (jest.preset.js at the repository root), and this package's coverage minimum. */
import preset, { coverageMinimum } from '../../jest.preset.js';

export default { ...preset, ...coverageMinimum({ statements: 96, branches: 98, functions: 98, lines: 96 }) };
