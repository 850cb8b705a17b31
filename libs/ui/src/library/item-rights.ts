/**
 * What the caller may do to one video of the library, as the server's policy answered
 * (Video.caller_rights): in a team's library an admin may take a team mate's video out of the team
 * but not delete it, a member may do neither.
 */
export interface ItemRights {
  edit: boolean;
  delete: boolean;
  share: boolean;
  /** Into one of the caller's teams. */
  moveIntoTeam: boolean;
  /** Out of its team, back to its owner's personal library. */
  moveOutOfTeam: boolean;
}

const all: ItemRights = { edit: true, delete: true, share: true, moveIntoTeam: true, moveOutOfTeam: true };
const none: ItemRights = { edit: false, delete: false, share: false, moveIntoTeam: false, moveOutOfTeam: false };

/** The server's answer; without one, every right on the caller's own video and none on another's. */
export const rightsOf = (item: { mine?: boolean; rights?: ItemRights }): ItemRights =>
  item.rights ?? (item.mine === false ? none : all);

/** What may be done to all of `items` at once. */
export function selectionRights(items: { mine?: boolean; rights?: ItemRights }[]) {
  const rights = items.map(rightsOf);
  const movable = rights.every((r) => r.moveIntoTeam || r.moveOutOfTeam);
  return {
    /** How many may not be filed, tagged, shown or shared by the caller. */
    notEditable: rights.filter((r) => !r.edit).length,
    delete: rights.every((r) => r.delete),
    /** "Move to team": anywhere, only out of their team (back to the personal library), or not at all. */
    moveToTeam: !movable ? undefined : rights.every((r) => r.moveIntoTeam) ? ('anywhere' as const) : ('out' as const),
  };
}
