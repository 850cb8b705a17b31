export { findRole } from './team.repository';
export * as teamRepository from './team.repository';
export { TeamService } from './team.service';
export { type TeamRole } from './team.table';
export { optionalTeamId } from './team.validation';
export { DirectoryTeamService, DirectoryTeamTaken, type DirectoryTeamInput } from './directory-team.service';
