/** RFC 7644 §3.12's error body, and the error that carries it out of the SCIM service. */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  | 'invalidFilter'
  | 'invalidPath'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'uniqueness'
  | 'mutability'
  | 'noTarget'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
    this.name = 'ScimError';
  }

  body() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

export const scimNotFound = (uid: string) => new ScimError(404, `No user ${uid.slice(0, 100)} here`);
