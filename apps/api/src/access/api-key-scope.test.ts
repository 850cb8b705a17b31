// The API-key rules cover the whole contract: every method of every service in the generated
// descriptors has a rule, and every rule names a method that exists. A new RPC without a rule fails
// here rather than shipping with the fallback (refused to every key).
import { readdirSync } from 'node:fs';
import type { DescFile } from '@bufbuild/protobuf';
import * as proto from '@stream/proto';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_REFUSAL,
  keyRefusal,
  READ_ONLY_REFUSAL,
  RPC_KEY_ACCESS,
  rpcKeyAccess,
  type KeyAccess,
} from './api-key-scope';

const GEN_DIR = new URL('../../../../libs/proto/src/gen/videoservice/', import.meta.url);

const files = Object.values(proto).filter(
  (value): value is DescFile => typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'file',
);
const methods = files.flatMap((file) =>
  file.services.flatMap((service) =>
    service.methods.map((method) => ({ service: service.typeName, method: method.name })),
  ),
);

describe('the API-key rules', () => {
  it('read every generated file of the contract', () => {
    const generated = readdirSync(GEN_DIR).filter((name) => name.endsWith('_pb.ts'));
    expect(files.map((file) => `${file.name.replace(/^videoservice\//, '')}_pb.ts`).sort()).toEqual(generated.sort());
    expect(methods.length).toBeGreaterThan(70);
  });

  it('classify every method of every service', () => {
    const missing = methods.filter(({ service, method }) => RPC_KEY_ACCESS[service]?.[method] === undefined);
    expect(missing, 'add these to RPC_KEY_ACCESS in access/api-key-scope.ts').toEqual([]);
  });

  it('name no method the contract lacks', () => {
    const known = new Set(methods.map(({ service, method }) => `${service}/${method}`));
    const stale = Object.entries(RPC_KEY_ACCESS).flatMap(([service, rules]) =>
      Object.keys(rules)
        .map((method) => `${service}/${method}`)
        .filter((name) => !known.has(name)),
    );
    expect(stale).toEqual([]);
  });

  it('keep the account itself from every key', () => {
    for (const [service, method] of [
      ['videoservice.AccountService', 'DeleteAccount'],
      ['videoservice.AccountService', 'GetExportLink'],
      ['videoservice.AccountService', 'UpdateProfile'],
      ['videoservice.AccountService', 'SetDefaults'],
      ['videoservice.TeamService', 'CreateInvite'],
      ['videoservice.TeamService', 'RevokeInvite'],
      ['videoservice.ApiKeyService', 'CreateApiKey'],
    ] as const)
      expect(rpcKeyAccess(service, method)).toBe('account');
    for (const service of ['videoservice.AdminService', 'videoservice.WebhookService', 'videoservice.ApiKeyService'])
      expect(new Set(Object.values(RPC_KEY_ACCESS[service]!))).toEqual(new Set(['account']));
    // A method the table does not know (a newer client, a typo) is refused to keys, not guessed.
    expect(rpcKeyAccess('videoservice.VideoService', 'NoSuchMethod')).toBe('account');
  });

  it('refuse by scope, and never a person signed in', () => {
    const person = { uid: 'u' };
    const readKey = { uid: 'u', apiKeyId: 'k', apiKeyScope: 'read' } as const;
    const writeKey = { uid: 'u', apiKeyId: 'k', apiKeyScope: 'read_write' } as const;
    const cases: [KeyAccess, string | undefined, string | undefined, string | undefined][] = [
      ['read', undefined, undefined, undefined],
      ['write', undefined, READ_ONLY_REFUSAL, undefined],
      ['account', undefined, ACCOUNT_REFUSAL, ACCOUNT_REFUSAL],
    ];
    for (const [access, forPerson, forRead, forWrite] of cases) {
      expect(keyRefusal(person, access)).toBe(forPerson);
      expect(keyRefusal(readKey, access)).toBe(forRead);
      expect(keyRefusal(writeKey, access)).toBe(forWrite);
    }
    // A key whose scope is somehow missing reads only.
    expect(keyRefusal({ uid: 'u', apiKeyId: 'k' }, 'write')).toBe(READ_ONLY_REFUSAL);
    expect(ACCOUNT_REFUSAL).toMatch(/^Sign in to do this: an API key cannot /);
  });
});
