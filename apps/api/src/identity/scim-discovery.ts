import { GROUP_SCHEMA } from './scim-group.service';
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
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of this Stream; its members are Users',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/scim/v2/ResourceTypes/Group` },
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

/** The User and Group schemas as far as Stream keeps them: what it does not store, it does not list. */
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
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A team of this Stream',
      attributes: [
        attribute('displayName', { required: true, description: 'The team’s name (text, at most 100 characters)' }),
        attribute('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: [
            attribute('value', { mutability: 'immutable', description: 'The member’s User id' }),
            attribute('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
            attribute('display', { mutability: 'readOnly' }),
            attribute('type', { mutability: 'immutable', canonicalValues: ['User'] }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${GROUP_SCHEMA}` },
    },
  ]);
}
