import { USER_SCHEMA } from './scim-user.service';

/** What this SCIM service offers (RFC 7643 §5): PATCH and filters, no bulk, sort, ETags or password changes. */
export function serviceProviderConfig(base: string, maxResults: number) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'Authorization: Bearer {SCIM_TOKEN}',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/scim/v2/ServiceProviderConfig` },
  };
}

const list = (resources: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function resourceTypes(base: string) {
  return list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of this Stream; userName is their email',
      schema: USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/scim/v2/ResourceTypes/User` },
    },
  ]);
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The User schema as far as Stream keeps it: what it does not store, it does not list. */
export function schemas(base: string) {
  return list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A person of this Stream',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server', description: 'Their email address' }),
        attribute('displayName'),
        attribute('name', {
          type: 'complex',
          subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')],
        }),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
        }),
        attribute('active', { type: 'boolean' }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${USER_SCHEMA}` },
    },
  ]);
}
