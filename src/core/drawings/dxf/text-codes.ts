/**
 * DXF text as a person reads it: TEXT's %% codes and MTEXT's formatting codes (fonts, heights,
 * colours, underlines, stacked fractions…) taken out, paragraphs split into lines.
 */

const PERCENT_CODES: Record<string, string> = { c: 'Ø', d: '°', p: '±', '%': '%' };

function unicodeEscapes(text: string): string {
  return text.replace(/\\U\+([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function percentCodes(text: string): string {
  return text
    .replace(/%%(\d{3})/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/%%([cdp%])/gi, (_, code: string) => PERCENT_CODES[code.toLowerCase()]!)
    .replace(/%%[ouk]/gi, '');
}

/** A single-line TEXT's characters. */
export function plainText(text: string): string {
  return percentCodes(unicodeEscapes(text ?? ''));
}

/** An MTEXT's lines, codes stripped. */
export function mtextLines(text: string): string[] {
  let out = '';
  const source = unicodeEscapes(text ?? '');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '{' || ch === '}') continue;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const code = source[i + 1];
    if (code === undefined) break;
    i++;
    switch (code) {
      case 'P':
        out += '\n';
        break;
      case 'X':
        // Above this, the dimension text; below, the line under it.
        out += '\n';
        break;
      case '~':
        out += '\u00a0';
        break;
      case '\\':
      case '{':
      case '}':
        out += code;
        break;
      case 'S': {
        // Stacked text "a^b", "a/b", "a#b" up to ';' reads as a/b.
        const end = source.indexOf(';', i + 1);
        const stacked = source.slice(i + 1, end < 0 ? undefined : end);
        out += stacked.replace(/[\^#]/, '/').replace(/^\s+|\s+$/g, '');
        i = end < 0 ? source.length : end;
        break;
      }
      case 'L':
      case 'l':
      case 'O':
      case 'o':
      case 'K':
      case 'k':
        break;
      default: {
        // Codes with a value up to ';': \f font, \H height, \C colour, \W width, \Q slant, \T tracking, \A alignment, \p paragraph.
        if ('fFHhCcWwQqTtAap'.includes(code)) {
          const end = source.indexOf(';', i + 1);
          i = end < 0 ? source.length : end;
        } else {
          out += code;
        }
      }
    }
  }
  return percentCodes(out).split('\n');
}
