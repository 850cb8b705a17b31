/**
 * One mapping between the names the server stores and a protobuf enum, said once and read both
 * ways: `toProto` for answers, `fromProto` for requests. `fromProto` has no entry for a number the
 * mapping does not name (UNSPECIFIED, or a value a newer client sends), so callers refuse it.
 */
export function enumMapping<Name extends string, Value extends number>(toProto: Record<Name, Value>) {
  const fromProto: Partial<Record<number, Name>> = Object.fromEntries(
    Object.entries<Value>(toProto).map(([name, value]) => [value, name as Name]),
  );
  return {
    toProto,
    fromProto,
    /** A request's optional field: undefined when it is absent, its name, or `refusal()` thrown for an unknown number. */
    optional(value: number | undefined, refusal: () => Error): Name | undefined {
      if (value === undefined) return undefined;
      const name = fromProto[value];
      if (!name) throw refusal();
      return name;
    },
  };
}
