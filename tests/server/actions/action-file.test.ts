// The pieces of the action machinery that need no server: reading an action file, Go durations, masking webhook
// addresses, run ids that sort newest first, and matching branches.
import { describe, expect, it } from 'vitest';
import { defaultTimeoutMillis, parseActionFile } from '../../../server/actions/action-file';
import { parseGoDuration } from '../../../server/actions/go-duration';
import { matchingActions } from '../../../server/actions/load';
import { redactUrl } from '../../../server/actions/redact';
import { hookRunId, runIdGenerator } from '../../../server/actions/run-id';
import { ACTION_FILE_EXAMPLE } from '../../../src/ui/actions/action-file-example';

describe('an action file', () => {
  it("takes the example the console's empty Actions screen offers: a pre-commit webhook on main", () => {
    const parsed = parseActionFile('_lakefs_actions/check.yaml', ACTION_FILE_EXAMPLE);
    if (!('action' in parsed)) throw new Error(`the example was refused: ${parsed.problem}`);
    expect(parsed.action.name).toBe('check commits');
    expect(matchingActions([parsed.action], 'pre-commit', 'main').map((action) => action.name)).toEqual(['check commits']);
  });

  it('reads name, events with their branch patterns, and webhook hooks with their properties', () => {
    const parsed = parseActionFile(
      '_lakefs_actions/a.yaml',
      `name: Check data
description: ignored by Tarn as by lakeFS
on:
  pre-commit:
    branches: [main, 'release-*']
  post-merge:
hooks:
  - id: format_check
    type: webhook
    description: checks formats
    properties:
      url: https://checks.example/format
      timeout: 1m30s
      query_params:
        limit: 5
        prefix: [a/, b/]
  - id: export
    type: airflow
    properties:
      url: http://airflow
`,
    );
    expect(parsed).toEqual({
      action: {
        name: 'Check data',
        path: '_lakefs_actions/a.yaml',
        on: new Map([
          ['pre-commit', ['main', 'release-*']],
          ['post-merge', undefined],
        ]),
        hooks: [
          {
            type: 'webhook',
            id: 'format_check',
            description: 'checks formats',
            url: 'https://checks.example/format',
            timeoutMillis: 90_000,
            queryParams: [
              ['limit', '5'],
              ['prefix', 'a/'],
              ['prefix', 'b/'],
            ],
          },
          { type: 'airflow', id: 'export' },
        ],
      },
    });
  });

  it('gives a webhook lakeFS’s default timeout of a minute, and refuses what lakeFS refuses', () => {
    const minimal = parseActionFile('f.yaml', 'name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: http://h/\n');
    expect(minimal).toMatchObject({ action: { hooks: [{ timeoutMillis: defaultTimeoutMillis }] } });
    expect(defaultTimeoutMillis).toBe(60_000);
    const problems: Array<[string, string]> = [
      ['just text', "must be a mapping with 'name', 'on' and 'hooks'"],
      ['name: ok\n', "'on' must name at least one event"],
      ['name: ok\non: {}\n', "'on' must name at least one event"],
      ['name: ok\non:\n  pre-commit:\nhooks: {}\n', "'hooks' must be a list"],
      ['name: ok\non:\n  pre-commit: [main]\n', "'on.pre-commit' must be empty or hold 'branches'"],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n  - id: hk\n    type: lua\n', "hooks[0] ('hk'): 'properties' with a 'url' is required"],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: lua\n  - id: hk\n    type: lua\n', "hooks[1]: id 'hk' is used twice"],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - type: lua\n', "hooks[0]: 'id' is required"],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n', "hooks[0] ('hk'): 'type' is required"],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: not a url\n', "hooks[0] ('hk'): 'properties.url' is not a valid URL"],
      [
        'name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: http://h/\n      query_params: {a: {b: c}}\n',
        "hooks[0] ('hk'): 'properties.query_params' must map names to a value or a list of values",
      ],
      ['name: ok\non:\n  pre-commit:\nhooks:\n  - id: hk\n    type: webhook\n    properties:\n      url: http://h/\n      timeout: 30\n', "'properties.timeout' must be a duration such as 30s or 1m, not '30'"],
      ['name: "-x"\non:\n  pre-commit:\n', "'name' '-x' must be 2 or more letters"],
    ];
    for (const [text, problem] of problems) {
      const parsed = parseActionFile('f.yaml', text);
      expect(parsed, text).toHaveProperty('problem');
      expect((parsed as { problem: string }).problem, text).toContain(problem);
    }
    expect(parseActionFile('f.yaml', 'name: [oops')).toEqual({ problem: expect.stringMatching(/^invalid YAML: .*line 1/) });
  });
});

describe('Go durations', () => {
  it('read the units lakeFS accepts in hook timeouts', () => {
    expect(parseGoDuration('30s')).toBe(30_000);
    expect(parseGoDuration('1m')).toBe(60_000);
    expect(parseGoDuration('1h2m3s')).toBe(3_723_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('1000us')).toBe(1);
    for (const bad of ['', '30', 's', '1d', '1 m', '-1s', 'soon']) expect(parseGoDuration(bad), bad).toBeUndefined();
  });
});

describe('webhook addresses in logs', () => {
  it('keep the parameter names and mask their values and any password', () => {
    expect(redactUrl('https://user:pw@hooks.example:8443/x/y?token=abc&tag=1&tag=2#frag')).toBe(
      'https://user:***@hooks.example:8443/x/y?token=***&tag=***&tag=***',
    );
    expect(redactUrl('http://hooks.example/plain')).toBe('http://hooks.example/plain');
    expect(redactUrl('not a url')).toBe('***');
  });
});

describe('run ids', () => {
  it('sort newest first, within one millisecond too', () => {
    let now = 1_700_000_000_000;
    const next = runIdGenerator(() => now);
    const ids = [next(), next()];
    now += 1;
    ids.push(next());
    now += 86_400_000;
    ids.push(next());
    expect([...ids].sort()).toEqual([...ids].reverse());
    expect(new Set(ids.map((id) => id.length))).toEqual(new Set([24]));
  });

  it('number hooks by action and place, as lakeFS does', () => {
    expect(hookRunId(0, 0)).toBe('0000_0000');
    expect(hookRunId(2, 13)).toBe('0002_0013');
  });
});

describe('matching actions', () => {
  it('by event, then by branch pattern; no patterns or an empty list means every branch', () => {
    const action = (name: string, branches: string[] | undefined) => ({ name, path: `${name}.yaml`, on: new Map([['pre-commit' as const, branches]]), hooks: [] });
    const actions = [action('all', undefined), action('empty', []), action('release', ['release-*', 'main'])];
    expect(matchingActions(actions, 'pre-commit', 'dev').map((a) => a.name)).toEqual(['all', 'empty']);
    expect(matchingActions(actions, 'pre-commit', 'release-2').map((a) => a.name)).toEqual(['all', 'empty', 'release']);
    expect(matchingActions(actions, 'pre-commit', 'main').map((a) => a.name)).toEqual(['all', 'empty', 'release']);
    expect(matchingActions(actions, 'post-commit', 'main')).toEqual([]);
  });
});
