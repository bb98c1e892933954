// The import graph of a source tree, read from its import and export statements, for the tests that keep layers
// pointing one way and free of cycles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const importPattern = /^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

export interface ImportGraph {
  /** Each file's imports within the tree; `packages` the bare specifiers (packages, Node modules) it imports. */
  files: Map<string, { local: string[]; packages: string[] }>;
  name(file: string): string;
}

function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((ext) => path.endsWith(ext)) && !path.endsWith('.d.ts') ? [path] : [];
  });
}

export function readImportGraph(root: string, extensions: readonly string[] = ['.ts']): ImportGraph {
  const resolveLocal = (file: string, specifier: string) => {
    const base = resolve(dirname(file), specifier);
    const candidates = [base, ...extensions.map((ext) => `${base}${ext}`), ...extensions.map((ext) => join(base, `index${ext}`))];
    return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  };
  const files = new Map<string, { local: string[]; packages: string[] }>();
  for (const file of sourceFiles(root, extensions)) {
    const local: string[] = [];
    const packages: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) {
        packages.push(specifier);
        continue;
      }
      const target = resolveLocal(file, specifier);
      // Assets (`?url`, `.css`, `.svg`) are not modules of the graph.
      if (target !== undefined && extensions.some((ext) => target.endsWith(ext))) local.push(target);
      else if (target === undefined && !/\?|\.(css|svg|png|wasm)$/.test(specifier)) {
        throw new Error(`${relative(root, file)} imports ${specifier}, which is not a file of ${root}`);
      }
    }
    files.set(file, { local, packages });
  }
  return { files, name: (file) => relative(root, file) };
}

/** Every cycle a depth-first walk finds, each as the files along it. */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file].map(graph.name));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.files.get(file)?.local ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.files.keys()) visit(file);
  return cycles;
}
