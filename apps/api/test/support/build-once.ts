// Once per `vitest run` of the tiers that start the API as processes: the build (dist/*.js) that
// support/api-process.ts, killable-api.ts and the workers' tests run with plain `node`, so no
// start transpiles the API again. Files that test the build itself still build it themselves.
import { buildApi } from './built-api';

export default function setup() {
  buildApi();
}
