import { formatDate, shortCommitId } from '../../lib/format';
import type { PathVersion } from '../../machines/path-history/versions';

/** How a version is named to the user: its commit's short id and time. */
export const versionName = (version: PathVersion) => `${shortCommitId(version.commit.id)} (${formatDate(version.commit.creation_date)})`;
