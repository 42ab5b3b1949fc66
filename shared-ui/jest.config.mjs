import { jestConfig } from './build/jest.mjs';

export default jestConfig();
