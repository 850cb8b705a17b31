// The targets and actions the policy gained when every decision moved into access/: the unedited
// original, "in my library", a disabled owner's videos, webhooks, uploads, API keys, comments,
// reactions and share links, each as a table of standings.
import { describe, expect, it } from 'vitest';
import { may, type Person, type Target, type VideoFacts } from './policy';

const TEAM = 'team-1';
const people: Record<string, Person | undefined> = {
  maker: { uid: 'maker', roles: new Map([[TEAM, 'member']]) },
  'team owner': { uid: 'boss', roles: new Map([[TEAM, 'owner']]) },
  'team admin': { uid: 'admin', roles: new Map([[TEAM, 'admin']]) },
  'team member': { uid: 'mate', roles: new Map([[TEAM, 'member']]) },
  'other person': { uid: 'stranger', roles: new Map() },
  'signed out': undefined,
};
const who = (action: Parameters<typeof may>[1], target: Target) =>
  Object.entries(people)
    .filter(([, person]) => may(person, action, target))
    .map(([name]) => name);

const video = (facts: Partial<VideoFacts> = {}): VideoFacts => ({ userId: 'maker', visibility: 'PUBLIC', ...facts });

describe('the policy on a video, beyond the team table', () => {
  it('view-original: the owner alone, whatever the visibility, and a signed URL', () => {
    for (const visibility of ['PRIVATE', 'SHARED', 'PUBLIC', 'TEAM'] as const)
      expect(who('view-original', { kind: 'video', video: video({ visibility, teamId: TEAM }) })).toEqual(['maker']);
    expect(may(undefined, 'view-original', { kind: 'video', video: video(), grant: { signedUrl: true } })).toBe(true);
  });

  it("list-in-library: the owner's and the team's, never through its visibility", () => {
    expect(who('list-in-library', { kind: 'video', video: video() })).toEqual(['maker']);
    expect(who('list-in-library', { kind: 'video', video: video({ teamId: TEAM, visibility: 'PRIVATE' }) })).toEqual([
      'maker',
      'team owner',
      'team admin',
      'team member',
    ]);
  });

  it("a disabled person's video answers nobody else, not even PUBLIC; they keep their own", () => {
    const gone = video({ ownerDisabled: true, teamId: TEAM });
    expect(who('view', { kind: 'video', video: gone })).toEqual(['maker']);
    expect(who('view', { kind: 'video', video: { ...gone, ownerDisabled: false } })).toEqual(Object.keys(people));
  });

  it('moderate: the owner of the video', () => {
    expect(who('moderate', { kind: 'video', video: video({ teamId: TEAM }) })).toEqual(['maker']);
  });
});

describe('the policy on the other targets', () => {
  it("a personal webhook is its maker's; a team's, its owners' and admins'", () => {
    for (const action of ['view', 'edit', 'delete'] as const) {
      expect(who(action, { kind: 'webhook', webhook: { userId: 'maker' } })).toEqual(['maker']);
      expect(who(action, { kind: 'webhook', webhook: { userId: 'maker', teamId: TEAM } })).toEqual([
        'team owner',
        'team admin',
      ]);
    }
  });

  it("an upload and an API key are their maker's alone", () => {
    expect(who('edit', { kind: 'upload', upload: { userId: 'maker' } })).toEqual(['maker']);
    expect(who('delete', { kind: 'api-key', apiKey: { userId: 'maker' } })).toEqual(['maker']);
    expect(who('share', { kind: 'upload', upload: { userId: 'maker' } })).toEqual([]);
  });

  it("a comment is edited by its author, deleted by its author or the video's owner", () => {
    const comment: Target = { kind: 'comment', comment: { authorUid: 'mate' }, video: video({ teamId: TEAM }) };
    expect(who('edit', comment)).toEqual(['team member']);
    expect(who('delete', comment)).toEqual(['maker', 'team member']);
    expect(who('moderate', comment)).toEqual(['maker']);
    expect(who('delete', { kind: 'reaction', reaction: { authorUid: 'mate' } })).toEqual(['team member']);
  });

  it('a share link is managed (and its gate skipped) by whoever may share the video', () => {
    for (const action of ['view', 'edit', 'delete'] as const)
      expect(who(action, { kind: 'share-link', video: video({ teamId: TEAM }) })).toEqual(['maker']);
  });
});
