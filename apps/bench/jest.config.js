/** The shared jest setup (jest.preset.js); the soak's short run starts a service and imports beside it. */
import preset, { storeSuiteTimeout } from '../../jest.preset.js';

export default { ...preset, ...storeSuiteTimeout };
