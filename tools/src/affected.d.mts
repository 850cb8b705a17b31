export function defaultBase(cwd?: string): string;
export function takeRefs(args: string[]): { base?: string; head?: string; rest: string[] };
export function affectedTasks(options: {
  targets: string[];
  base: string;
  head?: string;
  bin: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}): string[];
