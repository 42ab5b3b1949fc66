import { jestConfig } from '@embark/shared-ui/build/jest.mjs';

export default jestConfig();
