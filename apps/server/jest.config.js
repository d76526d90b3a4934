/**
 * The shared jest setup (jest.preset.js). The suite packs the workspace and installs the tarballs
 * offline into an empty folder: it needs the built packages, and a minute or two on 2 cores.
 */
import { esmTypeScript, testsBesideCode } from '../../jest.preset.js';

export default {
  ...esmTypeScript,
  testMatch: testsBesideCode,
  testTimeout: 300_000,
};
