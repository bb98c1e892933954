// The addresses a ref is known by outside the console.

/** The ref as lakectl and the clients name it: lakefs://{repo}/{ref}. */
export function lakefsRefUri(repoId: string, ref: string): string {
  return `lakefs://${repoId}/${ref}`;
}

/** The ref through the S3 gateway (bucket = repository, key = ref/path): s3://{repo}/{ref}/. */
export function s3RefUri(repoId: string, ref: string): string {
  return `s3://${repoId}/${ref}/`;
}
