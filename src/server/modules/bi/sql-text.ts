import { badRequest } from '../../errors.ts';

/**
 * A view's SQL as both the SQL grammar (node-sql-parser) and the database read it. The grammar
 * and the database disagree on some lexical corners: the grammar takes `'a\'` for a string
 * with an escaped quote, where SQLite and PostgreSQL end the string at the backslash and run
 * what follows, unseen by the checks. So the text is first read here, with the databases' own
 * rules, and refused wherever the two readers could differ: backslashes in strings and quoted
 * names, prefixed strings (E'', U&'', X''), dollar quoting, backquotes and brackets, nested or
 * unclosed comments, a second statement. Comments become a space. What this returns is the
 * one text the grammar checks and the database runs.
 */

const fail = (message: string) => badRequest('sql', message);

/** A quote right after one of these would make it a prefixed literal (E'..', U&'..', X'..', N'..') or a dollar quote. */
const PREFIX = /[A-Za-z0-9_$&]/;

/** Reads a quoted run (string or name) from `start`, a doubled quote standing for one; returns the index after its closing quote. */
function quoted(text: string, start: number, quote: string, what: string): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') throw fail(`a backslash in a ${what} is read differently by the databases; write the text without it`);
    if (c === quote) {
      if (text[i + 1] === quote) {
        i++;
        continue;
      }
      return i + 1;
    }
  }
  throw fail(`a ${what} starting at character ${start + 1} is never closed`);
}

/** The SQL the grammar checks and the database runs; throws a 400 on `sql` for text the two could read differently. */
export function runnableSql(text: string): string {
  let out = '';
  let i = 0;
  let statementEnded = false;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (statementEnded && !/\s/.test(c) && !(c === '-' && next === '-') && !(c === '/' && next === '*')) {
      throw fail('a view is one SELECT statement; remove what follows the semicolon');
    }
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      out += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw fail(`the comment starting at character ${i + 1} is never closed`);
      // PostgreSQL nests comments, SQLite does not: the two would end this one at different places.
      if (text.slice(i + 2, end).includes('/*')) throw fail('a comment inside a comment is read differently by the databases; remove the inner one');
      i = end + 2;
      out += ' ';
      continue;
    }
    if (c === "'" || c === '"') {
      if (i > 0 && PREFIX.test(text[i - 1]!)) {
        throw fail(`write ${c === "'" ? 'strings' : 'quoted names'} plainly ('text', "name"), with a space before the quote: prefixed and dollar-quoted forms are not for views`);
      }
      const end = quoted(text, i, c, c === "'" ? 'string' : 'quoted name');
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '\\') throw fail('a backslash outside a string is not SQL a view can run');
    if (c === '$') throw fail('a view takes no parameters and no dollar-quoted text ($1, $$...$$): write the values into it');
    if (c === '`' || c === '[' || c === ']') throw fail(`${c} is read differently by the databases; quote names with double quotes ("name")`);
    if (c === ';') {
      statementEnded = true;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  const runnable = out.trim();
  if (!runnable) throw fail('write the SELECT statement of the view');
  return runnable;
}
