import { defineConfig } from 'vitest/config';

// A worker runs the files of its project one after another in one module graph instead of importing React, Chakra or
// the server's modules again for each file: that import was a third of the suite's CPU. A file cleans up what it
// starts (servers, temp folders); the ui setup clears the shared DOM and storage after each test.
const isolate = false;

// One project per test layer, so each runs in the environment it needs: `vitest run --project server`.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time (cores - 1). Many files wait more than they compute (a
    // browser rendering, a server answering, a child process starting), so two at a time keep both cores busy; three
    // timed out CPU-bound server tests while other work loaded the machine. Every project shares the one limit and
    // runs its files in parallel: a project that does not is held back by vitest until all others have finished.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate } },
      {
        test: {
          name: 'machines',
          isolate,
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // Each waitFor gives up after 5 s with its own message; the test's limit lies above that.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'ui',
          isolate,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/ui/setup.ts'],
          // Rendering whole screens in happy-dom is slow on a 2-core machine under load; 5 s cut off sound tests.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          isolate,
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A poll without its own limit gave up after vitest's 1 s, too short for a page on a loaded 2-core machine.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
