/** The shared jest setup (jest.preset.js at the repository root), and this package's coverage minimum. */
import preset, { coverageMinimum } from '../../jest.preset.js';

export default { ...preset, ...coverageMinimum({ statements: 79, branches: 76, functions: 79, lines: 80 }) };
