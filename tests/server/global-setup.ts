// Once per server run: the server built into one module for the tests that start it as a child process.
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../server-bundle';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await buildServerBundle();
  project.provide('tarnServerModule', server.module);
  return () => server.remove();
}
