/** The shared jest setup (jest.preset.js at the repository root), and this package's coverage minimum. */
import preset, { coverageMinimum } from '../../jest.preset.js';

export default { ...preset, ...coverageMinimum({ statements: 95, branches: 84, functions: 92, lines: 97 }) };
