// The S3 clients the gateway's tests drive, installed from Debian's packages (.ci/run installs them: awscli,
// python3-boto3, s3cmd). A machine without one fails the tests that need it with this message, never skips them.
import { accessSync, constants } from 'node:fs';

/** The executable at `path`, or a failure naming what to install. */
export function requireTool(path: string, what: string): string {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(`${what} is not installed at ${path} (.ci/run installs it: apt-get install -y awscli python3-boto3 s3cmd)`);
  }
  return path;
}
