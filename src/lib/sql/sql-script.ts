// Reads just enough of a SQL script to run it statement by statement and find the objects it names: statements end
// at semicolons outside string literals, quoted identifiers and comments, and each keeps its string literals
// (unescaped) and its first keyword. DuckDB parses the statements themselves.

export interface SqlLiteral {
  /** The literal's text as DuckDB sees it ('' unescaped). */
  value: string;
  /** The literal is the target of `COPY ... TO`, so the statement writes it. */
  copyTarget: boolean;
}

export interface SqlStatement {
  /** The statement's source, without its semicolon and surrounding blanks. */
  text: string;
  /** Its first keyword in capitals ('' when it starts with something else, such as a parenthesis). */
  keyword: string;
  literals: SqlLiteral[];
}

type Token = { kind: 'word'; upper: string } | { kind: 'string'; value: string } | { kind: 'semicolon' } | { kind: 'other' };

interface Lexed {
  token: Token;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** The end (exclusive) of a quoted run that starts at `start` with `quote`, a doubled quote standing for one. */
function quotedEnd(sql: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const next = sql.indexOf(quote, i);
    if (next === -1) return sql.length;
    if (sql[next + 1] !== quote) return next + 1;
    i = next + 2;
  }
}

/** The end of a block comment; they nest, as in DuckDB's (PostgreSQL's) grammar. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

function* lex(sql: string): Generator<Lexed> {
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const start = i;
    if (/\s/.test(c)) {
      i += 1;
    } else if (sql.startsWith('--', i)) {
      const newline = sql.indexOf('\n', i);
      i = newline === -1 ? sql.length : newline + 1;
    } else if (sql.startsWith('/*', i)) {
      i = blockCommentEnd(sql, i);
    } else if (c === "'") {
      i = quotedEnd(sql, i, "'");
      const closed = sql[i - 1] === "'" && i - start >= 2;
      const body = sql.slice(start + 1, closed ? i - 1 : i);
      yield { token: { kind: 'string', value: body.replaceAll("''", "'") }, start, end: i };
    } else if (c === '"') {
      i = quotedEnd(sql, i, '"');
      yield { token: { kind: 'other' }, start, end: i };
    } else if (c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(i))) {
      // A dollar-quoted string: $$text$$ or $tag$text$tag$.
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0] as string;
      const close = sql.indexOf(tag, i + tag.length);
      const bodyEnd = close === -1 ? sql.length : close;
      i = close === -1 ? sql.length : close + tag.length;
      yield { token: { kind: 'string', value: sql.slice(start + tag.length, bodyEnd) }, start, end: i };
    } else if (WORD_START.test(c)) {
      while (i < sql.length && WORD_PART.test(sql[i] as string)) i += 1;
      yield { token: { kind: 'word', upper: sql.slice(start, i).toUpperCase() }, start, end: i };
    } else if (c === ';') {
      i += 1;
      yield { token: { kind: 'semicolon' }, start, end: i };
    } else {
      i += 1;
      yield { token: { kind: 'other' }, start, end: i };
    }
  }
}

/** The statements of a script, in order; empty ones (a stray semicolon, a comment alone) are left out. */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let first: Lexed | undefined;
  let last: Lexed | undefined;
  let previous: Token | undefined;
  let literals: SqlLiteral[] = [];

  const finish = () => {
    if (first && last) {
      statements.push({
        text: sql.slice(first.start, last.end),
        keyword: first.token.kind === 'word' ? first.token.upper : '',
        literals,
      });
    }
    first = undefined;
    last = undefined;
    previous = undefined;
    literals = [];
  };

  for (const lexed of lex(sql)) {
    const { token } = lexed;
    if (token.kind === 'semicolon') {
      finish();
      continue;
    }
    first ??= lexed;
    last = lexed;
    if (token.kind === 'string') {
      const isCopy = first.token.kind === 'word' && first.token.upper === 'COPY';
      const afterTo = previous?.kind === 'word' && previous.upper === 'TO';
      literals.push({ value: token.value, copyTarget: isCopy && afterTo });
    }
    previous = token;
  }
  finish();
  return statements;
}

const QUERY_KEYWORDS = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE']);

/** The statement is a query (its result can be wrapped in `COPY (...) TO`), not a command such as SET or COPY. */
export function isQuery(statement: SqlStatement): boolean {
  return QUERY_KEYWORDS.has(statement.keyword) || statement.text.startsWith('(');
}
