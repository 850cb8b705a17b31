import { z } from 'zod';
import { ScimError } from './scim-error';

// What every SCIM resource's requests share: a page of a list, a PatchOp body, a refusal's words.

const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const patchBody = z.object({
  schemas: z.array(z.string()).refine((schemas) => schemas.includes(PATCH_SCHEMA), `schemas names ${PATCH_SCHEMA}`),
  Operations: z
    .array(
      z
        .object({
          op: z
            .string()
            .transform((op) => op.toLowerCase())
            .pipe(z.enum(['add', 'replace', 'remove'])),
          path: z.string().max(300).optional(),
          value: z.unknown().optional(),
        })
        .loose(),
    )
    .min(1)
    .max(100),
});

/** A PatchOp's operations (ops lowercased); anything else is 400 invalidSyntax. */
export function patchOperations(body: unknown) {
  const parsed = patchBody.safeParse(body);
  if (!parsed.success) throw new ScimError(400, `Not a SCIM PatchOp: ${problem(parsed.error)}`, 'invalidSyntax');
  return parsed.data.Operations;
}

/** startIndex (1-based, at least 1) and count (0 to `max`) as an offset and a limit. */
export function pageOf(query: { startIndex?: string; count?: string }, max: number) {
  const startIndex = Math.max(1, whole(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(max, Math.max(0, whole(query.count, 'count') ?? max));
  return { offset: startIndex - 1, limit: count };
}

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(value)) throw new ScimError(400, `${name} is a whole number`, 'invalidValue');
  return Number(value);
}

export const problem = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
