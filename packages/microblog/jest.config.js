/** The shared jest setup (jest.preset.js at the repository root), and this package's coverage minimum. */
import preset, { coverageMinimum } from '../../jest.preset.js';

export default { ...preset, ...coverageMinimum({ statements: 85, branches: 88, functions: 63, lines: 84 }) };
