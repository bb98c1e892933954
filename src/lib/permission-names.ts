// The names of what the server authorises: lakeFS's resource ARNs (`arn:lakefs:fs:::repository/{repo}/...`), for the permission checks of
// every screen's buttons.
export const arn = {
  any: '*',
  repository: (repo: string) => `arn:lakefs:fs:::repository/${repo}`,
  object: (repo: string, path: string) => `arn:lakefs:fs:::repository/${repo}/object/${path}`,
  branch: (repo: string, branch: string) => `arn:lakefs:fs:::repository/${repo}/branch/${branch}`,
  tag: (repo: string, tag: string) => `arn:lakefs:fs:::repository/${repo}/tag/${tag}`,
  user: (id: string) => `arn:lakefs:auth:::user/${id}`,
  group: (id: string) => `arn:lakefs:auth:::group/${id}`,
  policy: (id: string) => `arn:lakefs:auth:::policy/${id}`,
} as const;
