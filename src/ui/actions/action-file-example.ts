// The action file the empty Actions screen offers to copy. A server test parses it, so the example stays one the
// server takes.

/** The smallest action file a newcomer can copy: a webhook called before every commit to main. */
export const ACTION_FILE_EXAMPLE = [
  'name: check commits',
  'on:',
  '  pre-commit:',
  '    branches: [main]',
  'hooks:',
  '  - id: notify',
  '    type: webhook',
  '    properties:',
  '      url: https://example.com/hooks/pre-commit',
].join('\n');
