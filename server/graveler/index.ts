export { Graveler, createGraveler, type ForceOption, type GravelerOptions } from './graveler';
export type { ImportOptions } from './history';
export type { PopulateRepository } from './repositories';
export type * from './types';
export { validateBranchId, validateRepositoryId, validateTagId } from './validate';
export type { RefsDump } from './refs-dump';
export type { RepositoryMetadata } from './repository-metadata';
export type { TaskKind, TaskStatus } from './tasks';
export type { TreeWriteStats } from './tree-store';
