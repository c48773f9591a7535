import type { Selectable } from 'kysely';
import type { Calibration, RevisionKind, RevisionRow, RevisionStatus, SheetRow } from '../../../core/contracts/drawings.ts';
import { readJsonOrNull } from '../../db/json-column.ts';
import type { DrawingRevisionTable, DrawingSheetTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { userNames } from '../account/user-names.ts';

export type RevisionRecord = Selectable<DrawingRevisionTable>;
export type SheetRecord = Selectable<DrawingSheetTable>;


/** The revisions with these ids, in the tenant, in no particular order. */
export async function revisionsById(scope: TenantScope, ids: readonly number[]): Promise<RevisionRecord[]> {
  if (!ids.length) return [];
  return scope.selectFrom('drawing_revision').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** Revisions as the API shows them: people by name. */
export async function presentRevisions(scope: TenantScope, rows: readonly RevisionRecord[]): Promise<RevisionRow[]> {
  const names = await userNames(
    scope,
    rows.flatMap((r) => [r.uploaded_by, r.published_by]),
  );
  return rows.map((r) => ({
    id: r.id,
    sheetId: r.sheet_id,
    number: r.number,
    title: r.title,
    discipline: r.discipline,
    label: r.label,
    status: r.status as RevisionStatus,
    kind: r.kind as RevisionKind,
    fileName: r.file_name,
    page: r.page,
    width: Number(r.width),
    height: Number(r.height),
    readNumber: r.read_number,
    readTitle: r.read_title,
    uploadedBy: r.uploaded_by === null ? '' : (names.get(r.uploaded_by) ?? ''),
    createTime: r.create_time,
    publishedBy: r.published_by === null ? null : (names.get(r.published_by) ?? null),
    publishTime: r.publish_time,
    setId: r.set_id,
  }));
}

export const calibrationOf = (row: RevisionRecord): Calibration => readJsonOrNull<Calibration>(row.calibration);

/**
 * Sheets as the register shows them: the set by name, the current revision, how many
 * revisions there are and how many wait for review, who changed it last by name.
 */
export async function presentSheets(scope: TenantScope, sheets: readonly SheetRecord[]): Promise<SheetRow[]> {
  if (!sheets.length) return [];
  const ids = sheets.map((s) => s.id);
  const setIds = [...new Set(sheets.flatMap((s) => (s.set_id === null ? [] : [s.set_id])))];
  const [current, counts, sets, names] = await Promise.all([
    revisionsById(
      scope,
      sheets.flatMap((s) => (s.current_revision_id === null ? [] : [s.current_revision_id])),
    ).then((rows) => presentRevisions(scope, rows)),
    scope
      .selectFrom('drawing_revision')
      .select((eb) => ['sheet_id', 'status', eb.fn.countAll<number | string>().as('count')])
      .where('sheet_id', 'in', ids)
      .groupBy(['sheet_id', 'status'])
      .execute(),
    setIds.length ? scope.selectFrom('drawing_set').select(['id', 'name']).where('id', 'in', setIds).execute() : Promise.resolve([]),
    userNames(
      scope,
      sheets.map((s) => s.updated_by),
    ),
  ]);
  const currentById = new Map(current.map((r) => [r.id, r]));
  const setName = new Map(sets.map((s) => [s.id, s.name]));
  const countsOf = (sheetId: number) => {
    let revisionCount = 0;
    let pendingCount = 0;
    for (const row of counts) {
      if (row.sheet_id !== sheetId || row.status === 'rejected') continue;
      revisionCount += Number(row.count);
      if (row.status === 'pending') pendingCount += Number(row.count);
    }
    return { revisionCount, pendingCount };
  };
  return sheets.map((s) => ({
    id: s.id,
    number: s.number,
    title: s.title,
    discipline: s.discipline,
    setId: s.set_id,
    setName: s.set_id === null ? null : (setName.get(s.set_id) ?? null),
    current: s.current_revision_id === null ? null : (currentById.get(s.current_revision_id) ?? null),
    ...countsOf(s.id),
    updateTime: s.update_time,
    updatedBy: s.updated_by === null ? null : (names.get(s.updated_by) ?? null),
  }));
}

/** A number as the register sorts it: digit runs zero-padded, so A-9 comes before A-10. */
export const numberSortKey = (number: string): string => number.replace(/\d+/g, (digits) => digits.padStart(10, '0'));
