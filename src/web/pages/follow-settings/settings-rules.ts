import { disciplineSaveBody } from '../../../core/contracts/follow-settings.ts';
import { formatSheetNumber, parseSheetNumberRule } from '../../../core/follow-settings/sheet-number-rule.ts';
import { formatNumber, parseNumberingRule, type NumberingRuleError } from '../../../core/forms/numbering.ts';

/** The settings screens' own checks and previews, over the shared rules of src/core. */

/** A few numbers the rule would make, for two disciplines: what the register will propose. */
export function sheetNumberPreview(rule: string): { numbers: string[] } | { error: string } {
  const parts = parseSheetNumberRule(rule);
  if ('error' in parts) return parts;
  const counter = parts.find((p) => p.kind === 'counter');
  const start = counter && counter.kind === 'counter' ? counter.start : 1;
  return { numbers: ['A', 'E'].flatMap((code) => [0, 1, 2].map((n) => formatSheetNumber(parts, code, start + n))) };
}

/** The first numbers a rule gives today: what the next follow-ups of the type will be called. */
export function numberingPreview(rule: string, today = new Date()): { numbers: string[] } | NumberingRuleError {
  const parsed = parseNumberingRule(rule);
  if ('error' in parsed) return parsed;
  return { numbers: [1, 2, 3].map((n) => formatNumber(parsed, today, n)) };
}

/** A discipline code: 1 to 4 capital letters, read from the schema the server checks the list with. */
export const DISCIPLINE_CODE = new RegExp(disciplineSaveBody.properties.disciplines.items.properties.code.pattern, 'u');

/** Why the list cannot be saved as it is, or null. */
export function disciplineListProblem(rows: readonly { code: string }[]): 'code' | 'duplicate' | 'other' | null {
  if (rows.some((row) => !DISCIPLINE_CODE.test(row.code))) return 'code';
  if (new Set(rows.map((row) => row.code)).size !== rows.length) return 'duplicate';
  if (!rows.some((row) => row.code === 'X')) return 'other';
  return null;
}
