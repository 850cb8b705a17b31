import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim-error';
import type { TeamCondition } from './scim-group.repository';
import type { PersonCondition } from './scim.repository';

const MAX_FILTER = 1000;

/** Attribute paths (lowercased: SCIM's names ignore case) and what each finds a person by. */
const PERSON_FIELDS: Record<string, 'email' | 'externalId'> = {
  username: 'email',
  externalid: 'externalId',
  emails: 'email',
  'emails.value': 'email',
};

/** What each Group attribute path finds a team by. */
const TEAM_FIELDS: Record<string, 'displayName' | 'externalId'> = {
  displayname: 'displayName',
  externalid: 'externalId',
};

type Condition<F> = { kind: 'eq'; field: F; value: string } | { kind: 'and' | 'or'; parts: Condition<F>[] };

interface Resource<F extends string> {
  fields: Record<string, F>;
  /** The resource's schema URN, lowercased, with the colon before the attribute. */
  urn: string;
  /** How a refusal names what the resource is found by. */
  foundBy: string;
  noun: string;
  example: string;
}

const PEOPLE: Resource<'email' | 'externalId'> = {
  fields: PERSON_FIELDS,
  urn: 'urn:ietf:params:scim:schemas:core:2.0:user:',
  foundBy: 'userName, externalId or emails',
  noun: 'Users',
  example: 'userName eq "ada@example.com"',
};
const TEAMS: Resource<'displayName' | 'externalId'> = {
  fields: TEAM_FIELDS,
  urn: 'urn:ietf:params:scim:schemas:core:2.0:group:',
  foundBy: 'displayName or externalId',
  noun: 'Groups',
  example: 'displayName eq "Engineering"',
};

/**
 * A Users `filter` as the repository's condition: `eq` on userName, externalId, emails or
 * emails.value (also as `emails[value eq "…"]`), joined by `and`/`or`. Anything else, or a
 * filter that does not parse, is 400 invalidFilter.
 */
export const personFilter = (text: string): PersonCondition => parsed(text, PEOPLE);

/** A Groups `filter`: `eq` on displayName or externalId, joined by `and`/`or`; anything else is 400 invalidFilter. */
export const teamFilter = (text: string): TeamCondition => parsed(text, TEAMS);

function parsed<F extends string>(text: string, resource: Resource<F>): Condition<F> {
  if (text.length > MAX_FILTER) throw invalid(`A filter has at most ${MAX_FILTER} characters`);
  let filter: Filter;
  try {
    filter = parse(text);
  } catch {
    throw invalid(`This filter does not parse: write it as RFC 7644 §3.4.2.2 says, e.g. ${resource.example}`);
  }
  return condition(filter, '', resource);
}

function condition<F extends string>(filter: Filter, within: string, resource: Resource<F>): Condition<F> {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { kind: filter.op, parts: filter.filters.map((part) => condition(part, within, resource)) };
    case '[]':
      if (within) throw invalid('A filter cannot nest [ ]');
      return condition(filter.valFilter, `${filter.attrPath}.`, resource);
    case 'eq': {
      let path = `${within}${filter.attrPath}`.toLowerCase();
      if (path.startsWith(resource.urn)) path = path.slice(resource.urn.length);
      const field = Object.hasOwn(resource.fields, path) ? resource.fields[path] : undefined;
      if (!field) throw invalid(`${resource.noun} are found by ${resource.foundBy}, not ${path.slice(0, 100)}`);
      if (typeof filter.compValue !== 'string') throw invalid(`${path} is compared with a string in quotes`);
      return { kind: 'eq', field, value: filter.compValue };
    }
    default:
      throw invalid(`Only eq (with and, or) is supported in a ${resource.noun} filter, not ${filter.op}`);
  }
}

const invalid = (message: string) => new ScimError(400, message, 'invalidFilter');
