import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message the server took, parsed, in order. */
  received: ParsedMail[];
  stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what arrives. No TLS, no login: the
 * test's API talks plain SMTP to it. A recipient in `refuse` is refused as a real server would (550).
 */
export async function startTestSmtp(options: { refuse?: string[] } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
