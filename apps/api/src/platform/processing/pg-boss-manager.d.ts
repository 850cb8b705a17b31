// pg-boss's internal Manager class, whose job-settling methods settle-jobs-surely.ts wraps.
declare module 'pg-boss/src/manager.js' {
  const Manager: { prototype: object };
  export default Manager;
}
