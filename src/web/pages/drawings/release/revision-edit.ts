import { revisionLabelSchema, sheetNumberSchema, sheetTitleSchema, type RevisionRow, type RevisionUpdateBody } from '../../../../core/contracts/drawings.ts';
import { disciplineOfNumber, type DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import { normaliseSheetNumber, normaliseSheetTitle } from '../../../../core/drawings/sheet-number.ts';

/** What a reviewer may change of a pending revision before it is published. */
export type RevisionEdit = Omit<RevisionUpdateBody, 'id'>;
export type EditField = keyof RevisionEdit;

/** Why a field cannot be saved: a key of `drawings:release.problem.<field>.<kind>`. */
export type EditProblem = 'required' | 'tooLong' | 'invalid';

export const editOf = (row: RevisionRow): RevisionEdit => ({
  number: row.number,
  title: row.title,
  discipline: row.discipline,
  label: row.label,
  setId: row.setId,
});

const matches = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

/**
 * The problems of an edit, field by field, by the schema the server checks `revision/update`
 * with: a number and a label are needed and have their forms; a title has no angle brackets.
 */
export function editProblems(edit: RevisionEdit): Partial<Record<EditField, EditProblem>> {
  const problems: Partial<Record<EditField, EditProblem>> = {};
  const number = edit.number.trim();
  if (!number) problems.number = 'required';
  else if (number.length > sheetNumberSchema.maxLength) problems.number = 'tooLong';
  else if (!matches(sheetNumberSchema.pattern, number)) problems.number = 'invalid';
  if (edit.title.length > sheetTitleSchema.maxLength) problems.title = 'tooLong';
  else if (!matches(sheetTitleSchema.pattern, edit.title)) problems.title = 'invalid';
  const label = edit.label.trim();
  if (!label) problems.label = 'required';
  else if (label.length > revisionLabelSchema.maxLength) problems.label = 'tooLong';
  else if (!matches(revisionLabelSchema.pattern, label)) problems.label = 'invalid';
  return problems;
}

/**
 * A field changed: a new number brings its discipline along when the discipline was still the
 * one the old number named (a discipline the reviewer chose stays). Both are read by the
 * workspace's rule and codes, as the server read the uploaded sheet's; until those are known
 * (`null`) the discipline stays as it is.
 */
export function withChange(edit: RevisionEdit, change: Partial<RevisionEdit>, reading: DisciplineReading | null): RevisionEdit {
  const next = { ...edit, ...change };
  if (reading && change.number !== undefined && change.discipline === undefined && edit.discipline === disciplineOfNumber(edit.number, reading)) {
    next.discipline = disciplineOfNumber(change.number, reading);
  }
  return next;
}

/** The edit as it is sent: the number and title in the form they are kept, the label trimmed. */
export function keptForm(edit: RevisionEdit): RevisionEdit {
  const number = edit.number.trim();
  return { ...edit, number: normaliseSheetNumber(number) ?? number, title: normaliseSheetTitle(edit.title), label: edit.label.trim() };
}

export const sameEdit = (a: RevisionEdit, b: RevisionEdit) =>
  a.number === b.number && a.title === b.title && a.discipline === b.discipline && a.label === b.label && a.setId === b.setId;
