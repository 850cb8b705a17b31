import { resolve } from 'node:path';
import { z } from 'zod';

const workspaceRoot = resolve(import.meta.dirname, '../../..');

const port = z.coerce.number().int().min(0).max(65535);

/** Every setting the server reads, from environment variables, checked once at start. */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Built web app served at `/`; absent in tests of the API alone. */
  WEB_DIST: z.string().default(resolve(workspaceRoot, 'apps/web/dist')),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
