// Imported first by each entry point (main, worker, migrate), before the AWS SDK is loaded.
//
// The AWS SDK prints a nine-line plain-text warning to stderr when it runs on Node < 22 (its
// releases after early 2027 will need 22), which breaks JSON logs into lines no collector can
// parse. It is turned off here; the entry points log the same fact once as one JSON line
// (nodeVersionWarning). An operator who sets the variable themselves keeps their choice.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The oldest Node.js major still supported by its project and by the AWS SDK's coming releases. */
const SUPPORTED_NODE_MAJOR = 22;

/** A warning to log when this Node.js is older than SUPPORTED_NODE_MAJOR, else undefined. */
export function nodeVersionWarning(version = process.version): string | undefined {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (!(major < SUPPORTED_NODE_MAJOR)) return undefined;
  return `Node.js ${version} is past its end of life; run Node.js ${SUPPORTED_NODE_MAJOR} or later (the AWS SDK's releases after January 2027 need it)`;
}
