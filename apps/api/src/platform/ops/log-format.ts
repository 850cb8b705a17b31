import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines for machines (a service manager, a log shipper), readable lines for a person: the
 * setting wins, else a terminal on standard output means a person is watching.
 */
export function logFormat(setting: LogFormat | undefined, stdoutIsTty = Boolean(process.stdout.isTTY)): LogFormat {
  return setting ?? (stdoutIsTty ? 'pretty' : 'json');
}

/** Where log lines go in `format`: undefined for pino's own JSON to standard output. */
export function logStream(format: LogFormat): { write(line: string): void } | undefined {
  if (format === 'json') return undefined;
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
  });
}
