// Which files in the repo are product code, for counts that should not speak of tests,
// generated code or benchmarks (the lines of apps/web's thin shell, duplicated code).
const leftOut = [
  /\.(test|spec|e2e)\.[cm]?[jt]sx?$/, // tests
  /(^|\/)testing\//, // test doubles shipped as a package's /testing entry
  /(^|\/)test\//, // test support and fixtures beside the tests
  /(^|\/)fixtures?\//,
  /-fixtures?\.[cm]?[jt]sx?$/,
  /(^|\/)gen\//, // generated protobuf code
  /routeTree\.gen\.ts$/,
  /^bench\//,
  /^tools\/bench\//,
  /(^|\/)soak(\.mjs|\/)/,
  /^apps\/web-e2e\//,
  /^examples\//,
  /\.md$/,
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
];

/** @param {string} path a repo-relative path with forward slashes */
export function isProductFile(path) {
  return !leftOut.some((pattern) => pattern.test(path));
}

/**
 * How the rows of a `duplicates` report split: pairs between two .proto files (the contract's
 * message and rpc shapes), between two migrations (history, never rewritten), and the rest.
 * @param {string} report the command's output; a row reads `D1 a.ts:1-9 ~ b.ts:4-12 …`
 */
export function pairKinds(report) {
  const kinds = { proto: 0, migrations: 0, other: 0 };
  for (const [, a, b] of report.matchAll(/^D\d+ (\S+):\d+-\d+ ~ (\S+):\d+-\d+/gm)) {
    const both = (/** @type {(path: string) => boolean} */ test) => test(a) && test(b);
    if (both((path) => path.endsWith('.proto'))) kinds.proto += 1;
    else if (both((path) => path.includes('/db/migrations/'))) kinds.migrations += 1;
    else kinds.other += 1;
  }
  return kinds;
}
