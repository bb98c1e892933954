// The service and bucket calls: ListBuckets (the repositories), HeadBucket and GetBucketLocation.
import type { Repository } from '../../catalog';
import { allRepositories, repositoryArn } from '../permissions';
import type { Operation } from '../request';
import { emptyResponse, isoTime, xmlResponse } from '../responses';

/** The region S3 clients are told; Tarn has no regions, and signatures of any region are accepted. */
export const region = 'us-east-1';

export async function listBuckets(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ListRepositories', resource: allRepositories });
  const repositories: Repository[] = [];
  for (let after = '', more = true; more; ) {
    const page = await op.catalog.store.listRepositories({ after, amount: 1000 });
    repositories.push(...page.results);
    more = page.hasMore;
    after = page.nextOffset;
  }
  const owner = { ID: op.request.principal.userId, DisplayName: op.request.principal.userId };
  return xmlResponse('ListAllMyBucketsResult', {
    Owner: owner,
    Buckets: { Bucket: repositories.map((r) => ({ Name: r.id, CreationDate: isoTime(r.creationDate) })) },
  });
}

export async function headBucket(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ReadRepository', resource: repositoryArn(op.repository) });
  await op.catalog.store.getRepository(op.repository);
  return emptyResponse(200, { 'x-amz-bucket-region': region });
}

export async function getBucketLocation(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ReadRepository', resource: repositoryArn(op.repository) });
  await op.catalog.store.getRepository(op.repository);
  // us-east-1 is said with an empty constraint, as S3 says it.
  return xmlResponse('LocationConstraint', {});
}
