import { tierConfig } from './vitest.config.ts';

export default tierConfig('integration');
