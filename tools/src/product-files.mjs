// Which files in the repo are product code, for counts that should not speak of tests,
// generated code or benchmarks (issue 25: lines of apps/web, duplicated code).
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
