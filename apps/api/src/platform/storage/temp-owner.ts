import { randomBytes } from 'node:crypto';

/**
 * Names the process that owns a temporary file (an upload being written, a job's scratch folder):
 * `<pid>.<token>`, the token new at every start, so a process restarted under the same pid (pid 1
 * in a container) still tells its predecessor's leftovers from its own.
 */
export const ownerTag = `${process.pid}.${randomBytes(4).toString('hex')}`;

const tagPattern = /^(\d+)\.([0-9a-f]{8})$/;

/**
 * Whether the owner named by `tag` can no longer be writing: a process that is not running, or
 * an earlier run of this one. A name without a tag (from a version before tags) counts as gone.
 */
export function isOwnerGone(tag: string | undefined): boolean {
  if (tag === ownerTag) return false;
  const match = tag ? tagPattern.exec(tag) : null;
  if (!match) return true;
  const pid = Number(match[1]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
