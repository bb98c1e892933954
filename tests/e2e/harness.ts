// Starts the real Tarn server (a child process on a free port with a temp data folder) and Debian's Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = join(import.meta.dirname, '..', '..');
const screenshotDir = join(import.meta.dirname, 'screenshots');

export interface RunningTarn {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTarn(): Promise<RunningTarn> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarn-e2e-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TARN_PORT: '', TARN_DATA_DIR: '' } },
  );
  const url = await waitForAddress(child);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Tarn is listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`Tarn exited with ${code} before listening:\n${stdout}\n${stderr}`)));
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Screenshots land in a gitignored folder so a person can look at every main screen after a run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
