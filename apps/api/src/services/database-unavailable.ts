// For the adapters (http/, rpc/), which may not import db/: whether a failure means the database
// is away for now (answered 503 / unavailable rather than 500 / internal).
export { isDatabaseUnavailable } from '../db/database-unavailable';
