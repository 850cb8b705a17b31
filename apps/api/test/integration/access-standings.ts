// What each standing the access matrix calls every RPC as is answered, derived from the RPC's
// rule (access-rules.ts): its `who`, its `key` and, where a method answers otherwise, `answers`.
import { Code } from '@connectrpc/connect';
import type { Outcome, Rule, Who } from './access-rules';

/**
 * The standings the matrix calls every RPC as, besides those the tests above hold to one answer
 * (signed out, disabled, a deleted account's key, another person):
 * - `owner`: the owner of the video, folder, webhook, key, comment and link named (in their personal
 *   library), signed in; no instance admin.
 * - `read-key`, `read-write-key`: API keys of that owner, by scope.
 * - `team-owner`, `team-admin`, `team-member`: people of a team naming its things: a video someone
 *   else of the team made in it, a folder and webhook of the team, the team itself.
 * - `other-team`: a member of another team naming this team's things: another person to them.
 * - `link-holder`: someone signed out holding the video's main share link (no gate);
 *   `gated-link-holder` holds a named link with a password and its pass, `gated-link-no-pass` the
 *   link without one (and tries a wrong password); `revoked-link` and `expired-link` hold links
 *   that no longer work. Requests name the link's token; none holds an invite.
 */
export type Standing =
  | 'owner'
  | 'read-key'
  | 'read-write-key'
  | 'team-owner'
  | 'team-admin'
  | 'team-member'
  | 'other-team'
  | 'link-holder'
  | 'gated-link-holder'
  | 'gated-link-no-pass'
  | 'revoked-link'
  | 'expired-link';

const teamRoles = ['team-owner', 'team-admin', 'team-member'] as const;
type TeamStanding = (typeof teamRoles)[number];

/** What `who` says a team standing is answered, naming the team's things it can see. */
function teamAnswer(who: Who, standing: TeamStanding): Outcome {
  const rank = teamRoles.length - teamRoles.indexOf(standing);
  const atLeast = (role: TeamStanding) =>
    rank >= teamRoles.length - teamRoles.indexOf(role) ? 'ok' : Code.PermissionDenied;
  switch (who) {
    case 'self':
    case 'library':
    case 'video-reader':
    case 'link-holder':
    case 'invite-holder':
    case 'team-member':
      return 'ok';
    case 'instance-admin':
      return Code.PermissionDenied;
    // The owner's or author's alone: as good as absent to the rest of the team, as to anyone.
    case 'video-owner':
    case 'author':
      return Code.NotFound;
    // The team's video is seen, but the comment is not theirs to moderate.
    case 'author-or-video-owner':
      return Code.PermissionDenied;
    case 'maker':
    case 'folder-maker-or-team-admin':
    case 'team-admin':
      return atLeast('team-admin');
    case 'team-owner':
      return atLeast('team-owner');
  }
}

/**
 * What a link's holder is answered by a link that does not let them in (yet, or any more): the
 * video's calls as to anyone signed out (sign in); the link's own calls refuse the link.
 */
const linkRefused = {
  'gated-link-no-pass': { 'video-reader': Code.Unauthenticated, 'link-holder': Code.PermissionDenied },
  'revoked-link': { 'video-reader': Code.Unauthenticated, 'link-holder': Code.NotFound },
  'expired-link': { 'video-reader': Code.Unauthenticated, 'link-holder': Code.NotFound },
} as const;

/** The answer `rule` declares for `standing`. */
export function expectedOf(rule: Rule, standing: Standing): Outcome {
  const declared = rule.answers?.[standing];
  if (declared !== undefined) return declared;
  const asOwner = rule.answers?.owner ?? (rule.who === 'instance-admin' ? Code.PermissionDenied : 'ok');
  switch (standing) {
    case 'owner':
      return asOwner;
    // A key outside its scope is refused before anything is looked at.
    case 'read-key':
      return rule.key === 'read' ? asOwner : Code.PermissionDenied;
    case 'read-write-key':
      return rule.key === 'account' ? Code.PermissionDenied : asOwner;
    case 'other-team':
      return rule.otherPerson[0]!;
    case 'link-holder':
    case 'gated-link-holder':
    case 'gated-link-no-pass':
    case 'revoked-link':
    case 'expired-link': {
      // Signed out: only what the contract marks anonymous, and of that what a link's holder may.
      if (!rule.anonymous) return Code.Unauthenticated;
      // An invite's token is no share link's (and none is held).
      if (!['video-reader', 'link-holder'].includes(rule.who)) return Code.InvalidArgument;
      if (standing === 'link-holder' || standing === 'gated-link-holder') return 'ok';
      return linkRefused[standing][rule.who as 'video-reader' | 'link-holder'];
    }
    default:
      return teamAnswer(rule.who, standing);
  }
}
