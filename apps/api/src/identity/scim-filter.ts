import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim-error';
import type { PersonCondition } from './scim.repository';

const MAX_FILTER = 1000;

/** Attribute paths (lowercased: SCIM's names ignore case) and what each finds a person by. */
const FIELDS: Record<string, 'email' | 'externalId'> = {
  username: 'email',
  externalid: 'externalId',
  emails: 'email',
  'emails.value': 'email',
};

/**
 * A Users `filter` as the repository's condition: `eq` on userName, externalId, emails or
 * emails.value (also as `emails[value eq "…"]`), joined by `and`/`or`. Anything else, or a
 * filter that does not parse, is 400 invalidFilter.
 */
export function personFilter(text: string): PersonCondition {
  if (text.length > MAX_FILTER) throw invalid(`A filter has at most ${MAX_FILTER} characters`);
  let filter: Filter;
  try {
    filter = parse(text);
  } catch {
    throw invalid('This filter does not parse: write it as RFC 7644 §3.4.2.2 says, e.g. userName eq "ada@example.com"');
  }
  return condition(filter, '');
}

function condition(filter: Filter, within: string): PersonCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { kind: filter.op, parts: filter.filters.map((part) => condition(part, within)) };
    case '[]':
      if (within) throw invalid('A filter cannot nest [ ]');
      return condition(filter.valFilter, `${filter.attrPath}.`);
    case 'eq': {
      const path = `${within}${filter.attrPath}`
        .toLowerCase()
        .replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
      const field = FIELDS[path];
      if (!field) throw invalid(`Users are found by userName, externalId or emails, not ${path.slice(0, 100)}`);
      if (typeof filter.compValue !== 'string') throw invalid(`${path} is compared with a string in quotes`);
      return { kind: 'eq', field, value: filter.compValue };
    }
    default:
      throw invalid(`Only eq (with and, or) is supported in a Users filter, not ${filter.op}`);
  }
}

const invalid = (message: string) => new ScimError(400, message, 'invalidFilter');
