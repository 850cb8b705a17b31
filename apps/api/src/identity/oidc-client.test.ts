import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OidcClient, OidcSignInError } from './oidc-client';

const settings = (issuer: string) => ({
  issuer,
  clientId: 'stream',
  clientSecret: 'secret',
  scopes: ['openid', 'email', 'profile'],
  tokenAuth: 'client_secret_basic' as const,
});

describe('OidcClient', () => {
  it('says which provider could not be reached, and tries discovery again next time', async () => {
    let answers = 0;
    const server = createServer((_request, response) => {
      answers += 1;
      response.writeHead(500).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = new OidcClient(settings(issuer));
      const first = client.begin(`${issuer}/callback`);
      await expect(first).rejects.toBeInstanceOf(OidcSignInError);
      await expect(first).rejects.toThrow(`The identity provider ${issuer} could not be reached`);
      await expect(client.begin(`${issuer}/callback`)).rejects.toBeInstanceOf(OidcSignInError);
      expect(answers).toBe(2);
      // Without discovery there is no logout URL to offer, and no failure for it.
      expect(await client.logoutUrl()).toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
