import type { DescEnum, DescMessage, JsonValue, Message } from '@bufbuild/protobuf';

/**
 * The first enum field of a parsed message (or of a message inside it) holding a number its enum
 * does not define, as `field: value`. Proto3 enums are open, so the parsers keep such numbers.
 */
export function unknownEnumNumber(desc: DescMessage, message: Message): string | undefined {
  const record = message as unknown as Record<string, unknown>;
  for (const field of desc.fields) {
    const value = record[field.localName];
    if (field.fieldKind === 'enum' && typeof value === 'number' && !known(field.enum, value))
      return `${field.name}: ${value}`;
    if (field.fieldKind === 'list' && field.listKind === 'enum' && Array.isArray(value)) {
      const bad = (value as number[]).find((item) => !known(field.enum, item));
      if (bad !== undefined) return `${field.name}: ${bad}`;
    }
    if (field.fieldKind === 'message' && value && typeof value === 'object') {
      const inner = unknownEnumNumber(field.message, value as Message);
      if (inner) return `${field.name}.${inner}`;
    }
  }
  return undefined;
}

/**
 * The first enum field of a JSON request holding a name or number its enum does not define.
 * Connect's JSON parser drops unknown names (it ignores unknown fields, for forward compatibility),
 * which silently turned `"VISIBILITY_PUBLIK"` into the zero value.
 */
export function unknownEnumInJson(desc: DescMessage, json: JsonValue): string | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  for (const field of desc.fields) {
    const value = json[field.jsonName] ?? json[field.name];
    if (field.fieldKind === 'enum' && !knownJson(field.enum, value)) return `${field.name}: ${JSON.stringify(value)}`;
    if (field.fieldKind === 'list' && field.listKind === 'enum' && Array.isArray(value)) {
      const bad = value.find((item) => !knownJson(field.enum, item));
      if (bad !== undefined) return `${field.name}: ${JSON.stringify(bad)}`;
    }
    if (field.fieldKind === 'message' && value !== undefined) {
      const inner = unknownEnumInJson(field.message, value);
      if (inner) return `${field.name}.${inner}`;
    }
  }
  return undefined;
}

const known = (desc: DescEnum, value: number) => desc.values.some((entry) => entry.number === value);
/** A name or number of the enum; anything else (null, other types) is the parser's business. */
const knownJson = (desc: DescEnum, value: JsonValue | undefined) =>
  typeof value === 'string'
    ? desc.values.some((entry) => entry.name === value)
    : typeof value !== 'number' || known(desc, value);
