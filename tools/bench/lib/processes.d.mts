/** A benchmark's child process: its pid (for /proc and taskset), its last output, and a stop that waits for it. */
export interface BenchProcess {
  pid: number;
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Where a bare Node server runs: on the server core (cores.mjs), with these variables added. */
export interface BareNodeOptions {
  serverCore?: boolean;
  env?: Record<string, string>;
}

export function productServerEnv(): Record<string, string>;
export function startApiServer(options: {
  root: string;
  env: Record<string, string | undefined>;
  nodeArgs?: string[];
  built?: boolean;
  distDir?: string;
  startTimeoutMs?: number;
  serverCore?: boolean;
}): Promise<BenchProcess & { startupSeconds: number }>;
export function startNginx(options: { dir: string; scratch: string; serverCore?: boolean }): Promise<BenchProcess>;
export function startBareNodeSink(options: BareNodeOptions & { dir: string }): Promise<
  BenchProcess & {
    /** POSTs `file` to /search; throws unless the search found the closing boundary, once. */
    searched(file: string): Promise<void>;
    /** Removes what the uploads wrote, leaving `dir` empty. */
    empty(): Promise<void>;
  }
>;
export function startFrontNginx(options: {
  root: string;
  scratch: string;
  api: string;
  blobDir: string;
  serverCore?: boolean;
  cachedDecisions?: boolean;
  name?: string;
}): Promise<BenchProcess>;
export function startBareNodeRanges(options: BareNodeOptions & { file: string }): Promise<BenchProcess>;
export function startBareNodeSendfile(options: BareNodeOptions & { file: string }): Promise<BenchProcess>;
export function startInstantDecider(options: {
  scratch: string;
  target: string;
  contentType: string;
  serverCore?: boolean;
}): Promise<BenchProcess>;
