import { Code, ConnectError } from '@connectrpc/connect';
import { TeamRole as ProtoRole, validDisplayText } from '@stream/proto';
import {
  DEFAULT_INVITE_SECONDS,
  INVITE_TOKEN_BYTES,
  MAX_INVITE_SECONDS,
  MAX_INVITE_USES,
  MAX_TEAM_NAME_LENGTH,
  type TeamRole,
} from './team';
import { enumMapping } from '../platform/rpc/enum-mapping';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** C0 and C1 control characters (tabs and newlines included): an id or an email is one line of text. */
const CONTROL = /\p{Cc}/u;

/** 1 to 100 characters after trimming, one line a person reads (validDisplayText's rule). */
export const teamName = (value: string): string => validDisplayText('name', value, { maxLength: MAX_TEAM_NAME_LENGTH });

/** A team, invite or person id: 1 to 128 characters, none of them control characters. */
export function id(field: string, value: string): string {
  const text = value.trim();
  if (!text) throw invalid(`${field} is required`);
  if (text.length > 128 || CONTROL.test(text)) throw invalid(`${field} is not a valid id`);
  return text;
}

/** An optional team id: '' is the owner's personal library. */
export function optionalTeamId(value: string): string | undefined {
  return value.trim() === '' ? undefined : id('team_id', value);
}

const roles = enumMapping<TeamRole, ProtoRole>({
  owner: ProtoRole.OWNER,
  admin: ProtoRole.ADMIN,
  member: ProtoRole.MEMBER,
});

export const roleToProto = roles.toProto;

/** A role; `unspecifiedAs` answers for TEAM_ROLE_UNSPECIFIED where a default makes sense. */
export function role(value: number, unspecifiedAs?: TeamRole): TeamRole {
  if (value === ProtoRole.UNSPECIFIED && unspecifiedAs) return unspecifiedAs;
  const known = roles.fromProto[value];
  if (!known) throw invalid(`role ${value} is not one of TEAM_ROLE_OWNER, TEAM_ROLE_ADMIN, TEAM_ROLE_MEMBER`);
  return known;
}

/** 0 is seven days; at most 30 days. */
export function inviteSeconds(value: bigint): number {
  if (value < 0n) throw invalid('expire_after_seconds must not be negative');
  if (value > BigInt(MAX_INVITE_SECONDS))
    throw invalid(`expire_after_seconds must be at most ${MAX_INVITE_SECONDS} (30 days)`);
  return value === 0n ? DEFAULT_INVITE_SECONDS : Number(value);
}

/** 0 is one use; at most 1000. */
export function inviteUses(value: number): number {
  if (value < 0) throw invalid('max_uses must not be negative');
  if (value > MAX_INVITE_USES) throw invalid(`max_uses must be at most ${MAX_INVITE_USES}`);
  return value === 0 ? 1 : value;
}

const TOKEN_LENGTH = Math.ceil((INVITE_TOKEN_BYTES * 4) / 3);

/** An invite token as CreateInvite hands it out: 43 base64url characters. */
export function inviteToken(value: string): string {
  const token = value.trim();
  if (!token) throw invalid('token is required');
  if (token.length !== TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token))
    throw invalid(`token must be the ${TOKEN_LENGTH} characters of an invite link`);
  return token;
}

/** At most 254 characters (RFC 5321's limit on a path). */
const MAX_EMAIL_LENGTH = 254;
/** One address, local@domain.tld, without spaces, angle brackets, quotes or list separators. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/u;

/** An optional email address: '' is none. */
export function optionalEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return undefined;
  if (email.length > MAX_EMAIL_LENGTH) throw invalid(`email must be at most ${MAX_EMAIL_LENGTH} characters`);
  if (CONTROL.test(email) || !EMAIL.test(email)) throw invalid('email must be one email address, like ann@example.com');
  return email;
}
