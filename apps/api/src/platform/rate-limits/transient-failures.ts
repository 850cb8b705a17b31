// For the adapters (http/, rpc/), which may not import db/ or storage/: failures of the moment,
// answered 503 (the database away) or 507 (the disk full) rather than 500, and worth a retry.
export { isDatabaseUnavailable } from '../db/database-unavailable';
export { isDiskFull } from '../storage/disk-full';
