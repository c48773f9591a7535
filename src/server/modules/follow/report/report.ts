import { buffer } from 'node:stream/consumers';
import type { FollowStatus } from '../../../../core/contracts/follows.ts';
import type { FollowReportBody } from '../../../../core/follows/bcf.ts';
import { FOLLOW_STATUS_COLORS } from '../../../../core/follows/status-colors.ts';
import { textIn } from '../../../../core/local-text.ts';
import type { BlobStore } from '../../filestore/blob-store.ts';
import { selectedFollows } from '../bcf/bcf-export.ts';
import type { FollowCaller, FollowWorkspace } from '../context.ts';
import { presentRows, type FollowRecord } from '../rows.ts';
import { loadPdfFonts } from '../../../pdf/pdf-fonts.ts';
import { photoJpeg, renderFollowReport, REPORT_PHOTOS_MAX, type ReportEntry } from './report-pdf.ts';
import type { ReportLanguage } from './report-texts.ts';
import { sheetSnippet, type SnippetSheet } from './sheet-snippet.ts';

/**
 * The PDF report of the follow-ups a list shows (its filters and sort, or the ones chosen):
 * each with the sheet around its pin, drawn from the sheet's current revision (a pin belongs to
 * its sheet, so it shows there too) or the one it was dropped on, and its photos.
 */

async function fileBytes(caller: FollowCaller, blobs: BlobStore, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const file = await caller.scope.selectFrom('file_object').select('sha256').where('id', '=', fileId).executeTakeFirst();
  return file ? buffer(await blobs.open(file.sha256)) : null;
}

/** The pin is drawn in its status's colour, as on the sheet and in the list. */
async function snippetOf(caller: FollowCaller, blobs: BlobStore, workspace: FollowWorkspace, row: FollowRecord, status: FollowStatus): Promise<Buffer | null> {
  if (row.sheet_id === null || row.pin_revision_id === null || row.pin_x === null || row.pin_y === null) return null;
  const sheet = await caller.scope.selectFrom('drawing_sheet').select('current_revision_id').where('id', '=', row.sheet_id).where('workspace_id', '=', workspace.id).executeTakeFirst();
  const current = sheet?.current_revision_id ?? null;
  const revisionId = current !== null && current >= row.pin_revision_id ? current : row.pin_revision_id;
  const revision = await caller.scope
    .selectFrom('drawing_revision')
    .select(['kind', 'width', 'height', 'source_file_id', 'thumbnail_file_id'])
    .where('id', '=', revisionId)
    .where('workspace_id', '=', workspace.id)
    .executeTakeFirst();
  if (!revision) return null;
  const kind = revision.kind as SnippetSheet['kind'];
  // DXF and DWG sheets are drawn by the browser; the server has their thumbnails.
  const source = kind === 'pdf' || kind === 'image' ? await fileBytes(caller, blobs, revision.source_file_id) : null;
  const thumbnail = source ? null : await fileBytes(caller, blobs, revision.thumbnail_file_id);
  try {
    return await sheetSnippet({ kind, source, thumbnail, width: revision.width, height: revision.height }, { x: row.pin_x, y: row.pin_y, color: FOLLOW_STATUS_COLORS[status] });
  } catch {
    // A sheet that cannot be drawn leaves the snippet out, not the report.
    return null;
  }
}

/** The report's PDF bytes and download name. */
export async function followReport(caller: FollowCaller, blobs: BlobStore, workspace: FollowWorkspace, body: FollowReportBody): Promise<{ fileName: string; bytes: Uint8Array }> {
  const rows = await selectedFollows(caller, workspace, body);
  const shown = await presentRows(caller, workspace.code, rows);
  const language: ReportLanguage = body.language ?? 'en';
  const photos = rows.length
    ? await caller.scope
        .selectFrom('follow_photo')
        .innerJoin('file_object', 'file_object.id', 'follow_photo.file_id')
        .select(['follow_photo.follow_id', 'file_object.sha256', 'file_object.name'])
        .where('follow_photo.follow_id', 'in', rows.map((r) => r.id))
        .orderBy('follow_photo.id')
        .execute()
    : [];
  const entries: ReportEntry[] = [];
  for (const [i, row] of rows.entries()) {
    const view = shown[i]!;
    entries.push({
      number: row.number,
      title: row.title,
      status: view.status,
      priority: view.priority,
      typeName: textIn(view.typeName, language),
      typeColor: view.typeColor,
      assignees: view.assignees.map((a) => a.name),
      reviewer: view.reviewer?.name ?? null,
      dueDate: row.due_date,
      trade: row.trade,
      location: row.location,
      sheet: view.pin ? `${view.pin.sheetNumber} ${view.pin.sheetTitle}`.trim() : null,
      createdBy: view.createdBy.name,
      createTime: row.create_time,
      description: row.description,
      snippet: await snippetOf(caller, blobs, workspace, row, view.status),
      photos: [],
      morePhotos: Math.max(0, photos.filter((p) => p.follow_id === row.id).length - REPORT_PHOTOS_MAX),
    });
    // Each photo is scaled down as it is read, so memory holds the report's JPEGs, not the cameras' originals.
    for (const photo of photos.filter((p) => p.follow_id === row.id).slice(0, REPORT_PHOTOS_MAX)) {
      const jpeg = await photoJpeg(await buffer(await blobs.open(photo.sha256)));
      if (jpeg) entries[entries.length - 1]!.photos.push({ name: photo.name, bytes: jpeg });
    }
  }
  const bytes = await renderFollowReport(
    { language, heading: workspace.name, generatedAt: new Date(caller.now()), ...(body.timeZone ? { timeZone: body.timeZone } : {}), entries },
    loadPdfFonts(),
  );
  const day = new Date(caller.now()).toISOString().slice(0, 10);
  return { fileName: `follow-ups-${workspace.code}-${day}.pdf`, bytes };
}
