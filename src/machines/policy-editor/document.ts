// The policy editor's text: the policy's statements as JSON, checked as it is typed (the JSON parses; each
// statement's effect, actions and resource are lakeFS's), and the completion of the action name being typed.
import type { Statement } from '../../api/types';
import { actionProblem, completeAction, resourceProblem } from '../../lib/policy-actions';

export const POLICY_ID_PERCENT = 'Policy ID cannot include the % sign';

/** The editor's document: what the policy says, without its id (a field of its own). */
export function documentText(statement: readonly Statement[]): string {
  return JSON.stringify({ statement }, null, 2);
}

export const NEW_POLICY_TEXT = documentText([{ effect: 'allow', action: ['fs:ReadObject'], resource: '*' }]);

export function idProblem(id: string): string | undefined {
  return id.includes('%') ? POLICY_ID_PERCENT : undefined;
}

export interface CheckedDocument {
  /** JSON.parse's own message when the text is no JSON. */
  parseError: string | undefined;
  /** What is wrong with the statements, one line each. */
  problems: string[];
  statement: Statement[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function statementProblems(value: unknown, index: number): string[] {
  const where = `Statement ${index + 1}`;
  if (!isRecord(value)) return [`${where} must be an object with effect, action and resource`];
  const problems: string[] = [];
  if (value.effect !== 'allow' && value.effect !== 'deny') problems.push(`${where}: effect must be allow or deny`);
  if (!Array.isArray(value.action) || value.action.length === 0 || value.action.some((a) => typeof a !== 'string')) {
    problems.push(`${where}: action must be a list of action names`);
  } else {
    for (const action of value.action as string[]) {
      const problem = actionProblem(action);
      if (problem) problems.push(`${where}: ${problem}`);
    }
  }
  if (typeof value.resource !== 'string') problems.push(`${where}: resource must be an ARN or *`);
  else {
    const problem = resourceProblem(value.resource);
    if (problem) problems.push(`${where}: ${problem}`);
  }
  return problems;
}

export function checkDocument(text: string): CheckedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { parseError: error instanceof Error ? error.message : String(error), problems: [], statement: [] };
  }
  if (!isRecord(value) || !Array.isArray(value.statement) || value.statement.length === 0) {
    return { parseError: undefined, problems: ['The document needs a "statement" list with at least one statement'], statement: [] };
  }
  const problems = value.statement.flatMap(statementProblems);
  return { parseError: undefined, problems, statement: problems.length === 0 ? (value.statement as Statement[]) : [] };
}

/** The JSON string the cursor is in, up to the cursor: where it opens and what is typed so far. */
function stringAtCursor(text: string, cursor: number): { start: number; typed: string } | undefined {
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const before = text.slice(lineStart, cursor);
  const quotes = [...before.matchAll(/"/g)];
  if (quotes.length % 2 === 0) return undefined;
  const open = quotes.at(-1)?.index ?? 0;
  return { start: lineStart + open + 1, typed: before.slice(open + 1) };
}

/** Known action names completing the string being typed at `cursor`. */
export function completionsAt(text: string, cursor: number): string[] {
  const at = stringAtCursor(text, cursor);
  return at ? completeAction(at.typed) : [];
}

/** The text with the string at `cursor` replaced by `action`, and where the cursor goes (after it). */
export function acceptCompletion(text: string, cursor: number, action: string): { text: string; cursor: number } {
  const at = stringAtCursor(text, cursor);
  if (!at) return { text, cursor };
  const close = text.indexOf('"', cursor);
  const end = close === -1 ? cursor : close;
  return { text: text.slice(0, at.start) + action + text.slice(end), cursor: at.start + action.length };
}
