/** The shared jest setup (jest.preset.js at the repository root), and this package's coverage minimum. */
import preset, { coverageMinimum } from '../../jest.preset.js';

export default { ...preset, ...coverageMinimum({ statements: 91, branches: 64, functions: 75, lines: 90 }) };
