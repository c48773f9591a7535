import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { MarkupInput } from '../../../core/drawings/markup.ts';
import type { Clock } from '../../clock.ts';
import { writeJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { InProcessJobQueue } from '../../jobs/in-process-queue.ts';
import type { JobOwner, JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../modules/filestore/blob-store.ts';
import { newFileId } from '../../modules/filestore/file-objects.ts';
import { bodyOf, validMarkup } from '../../modules/drawing/markups.ts';
import { run as processDrawingUpload } from '../../modules/drawing/processing/drawing-job.ts';
import type { DrawingJobInput, DrawingJobResult } from '../../modules/drawing/processing/drawing-job-types.ts';
import { publishPending } from '../../modules/drawing/revisions.ts';
import { revisionsById } from '../../modules/drawing/rows.ts';
import { storeUploadResult } from '../../modules/drawing/uploads.ts';
import { readSeedDemo } from '../seed-files.ts';
import { demoDxf, demoSheetSetPdf, type DemoSheet } from './drawings-files.ts';

export interface DemoDrawingDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  clock: Clock;
  jobs: JobQueue;
}

const DAY = 86_400_000;

/** The sheets of the demo's tender set: number, title, scale. */
const TENDER_SET: readonly Pick<DemoSheet, 'number' | 'title' | 'scale'>[] = [
  { number: 'A-101', title: 'Ground floor plan', scale: '1:100' },
  { number: 'A-102', title: 'First floor plan', scale: '1:100' },
  { number: 'S-101', title: 'Foundation layout', scale: '1:100' },
  { number: 'E-101', title: 'Lighting layout', scale: '1:100' },
];

/**
 * Each demo workspace that offers drawings gets a living register on the first start: a tender
 * set of PDF sheets (the tenant's project) and a DXF, published; a second revision of one
 * sheet, published; another waiting for review; and markups of several kinds, published and
 * personal. The files go through the same processing job as an upload; a workspace that
 * already has drawings is left alone.
 */
export async function seedDemoDrawings(deps: DemoDrawingDeps): Promise<void> {
  const demo = readSeedDemo();
  const processed = new Map<string, DrawingJobResult>();
  // Accounts are shared by the tenants: read once.
  const users = new Map((await deps.db.selectFrom('app_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  for (const tenant of demo.tenants) {
    const tenantRow = await deps.db.selectFrom('tenant').select('id').where('code', '=', tenant.code).executeTakeFirst();
    if (!tenantRow) continue;
    const scope = new TenantScope(deps.db, tenantRow.id);
    const admin = tenant.members.find((m) => m.type === 'ADMIN');
    const withDrawings = tenant.workspaces.filter((w) => w.menus.includes('*') || w.menus.includes('drawings'));
    // One project's drawings per tenant: the same files in each of its workspaces are processed once.
    const project = withDrawings.find((w) => w.menus.includes('drawings'))?.name ?? withDrawings[0]?.name ?? tenant.name;
    for (const ws of withDrawings) {
      const workspace = await scope.selectFrom('workspace').select(['id']).where('code', '=', ws.code).executeTakeFirst();
      if (!workspace || !admin) continue;
      const seeded = await scope.selectFrom('drawing_revision').select('id').where('workspace_id', '=', workspace.id).limit(1).executeTakeFirst();
      if (seeded) continue;
      const member = tenant.members.find((m) => m.type === 'USER' && m.workspaces.includes(ws.code) && m.roles?.includes('member'));
      await seedWorkspace(deps, scope, processed, {
        workspaceId: workspace.id,
        project,
        adminId: users.get(admin.username)!,
        memberId: member ? users.get(member.username)! : users.get(admin.username)!,
      });
    }
  }
}

interface WorkspaceSeed {
  workspaceId: number;
  project: string;
  adminId: number;
  memberId: number;
}

async function seedWorkspace(deps: DemoDrawingDeps, scope: TenantScope, processed: Map<string, DrawingJobResult>, ws: WorkspaceSeed): Promise<void> {
  const { db, blobs, clock } = deps;
  const at = (daysAgo: number) => new Date(clock.now() - daysAgo * DAY).toISOString();
  const sheet = (s: Pick<DemoSheet, 'number' | 'title' | 'scale'>, revision: string, date: number, changes = 0): DemoSheet => ({
    ...s,
    project: ws.project,
    revision,
    date: at(date).slice(0, 10),
    changes,
  });

  const set = await scope
    .insertInto('drawing_set', [{ workspace_id: ws.workspaceId, name: 'Tender 2026-03', created_by: ws.adminId, create_time: at(60), updated_by: ws.adminId, update_time: at(60) }])
    .returning('id')
    .executeTakeFirstOrThrow();

  /** Keeps a file as an upload of `userId` would, processes it, and writes its pending revisions. */
  const upload = async (fileName: string, bytes: Uint8Array, userId: number, time: string, setId: number | null): Promise<number[]> => {
    const staged = await blobs.stage(Readable.from([Buffer.from(bytes)]));
    await staged.commit();
    const fileId = newFileId();
    const row = await db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      await tx.insertInto('file_object', [{ id: fileId, sha256: staged.sha256, name: fileName, size: staged.size, type: typeOf(fileName), created_by: userId, create_time: time }]).execute();
      return tx
        .insertInto('drawing_upload', [
          {
            workspace_id: ws.workspaceId,
            file_id: fileId,
            file_name: fileName,
            set_id: setId,
            status: 'running',
            progress: 0,
            problem: null,
            revision_ids: writeJson([]),
            job_id: null,
            created_by: userId,
            create_time: time,
            update_time: time,
          },
        ])
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    staged.settle();
    let result = processed.get(staged.sha256);
    if (!result) {
      result = await processDemoFile(deps, { sha256: staged.sha256, fileName }, { tenantId: scope.tenantId, userId });
      processed.set(staged.sha256, result);
    }
    return (await storeUploadResult(scope, row, result, time)) ?? [];
  };
  const publish = async (ids: number[], time: string) => {
    const rows = await revisionsById(scope, ids);
    await db.transaction().execute((trx) => publishPending(scope.with(trx), rows, ws.adminId, time));
  };

  // The tender set and the ventilation layout, published a few weeks ago.
  const tender = await upload('tender-set-2026-03.pdf', await demoSheetSetPdf(TENDER_SET.map((s) => sheet(s, 'A', 45))), ws.memberId, at(45), set.id);
  const ventilation = await upload(
    'M-501 ventilation layout.dxf',
    new TextEncoder().encode(demoDxf({ number: 'M-501', title: 'Ventilation layout', project: ws.project, scale: '1:100', revision: 'A' })),
    ws.memberId,
    at(44),
    set.id,
  );
  await publish([...tender, ...ventilation], at(40));

  // Revision B of the ground and first floors in one set: the ground floor's published, the first floor's waiting for review.
  const revisionsB = await upload('revisions-b.pdf', await demoSheetSetPdf([sheet(TENDER_SET[0]!, 'B', 20, 2), sheet(TENDER_SET[1]!, 'B', 20, 1)]), ws.memberId, at(20), null);
  const groundB = revisionsB.slice(0, 1);
  await publish(groundB, at(18));

  // Markups: on the ground floor's revision A (carried to B) and B, and on the ventilation layout.
  const [groundA] = tender;
  const markups: { revisionId: number; authorId: number; time: string; markup: MarkupInput }[] = [
    {
      revisionId: groundA!,
      authorId: ws.adminId,
      time: at(39),
      markup: { kind: 'cloud', points: [[170, 130], [420, 300]], style: style('#d4380d', 2), visibility: 'published' },
    },
    {
      revisionId: groundA!,
      authorId: ws.adminId,
      time: at(39),
      markup: { kind: 'callout', points: [[300, 220], [520, 90]], style: { ...style('#d4380d', 1.5), fontSize: 12 }, text: 'Confirm door width with fire engineer', visibility: 'published' },
    },
    {
      revisionId: groundA!,
      authorId: ws.memberId,
      time: at(30),
      markup: { kind: 'rectangle', points: [[600, 420], [760, 560]], style: style('#1677ff', 1.5), visibility: 'personal' },
    },
    {
      revisionId: groundB[0]!,
      authorId: ws.adminId,
      time: at(17),
      markup: { kind: 'stamp', points: [[620, 600], [780, 660]], style: style('#389e0d', 2), stamp: 'approved', visibility: 'published' },
    },
    {
      revisionId: groundB[0]!,
      authorId: ws.memberId,
      time: at(16),
      markup: { kind: 'arrow', points: [[520, 520], [430, 440]], style: style('#722ed1', 2), visibility: 'published' },
    },
    {
      revisionId: groundB[0]!,
      authorId: ws.memberId,
      time: at(16),
      markup: { kind: 'measureLength', points: [[74, 760], [318, 760]], style: style('#fa8c16', 1), visibility: 'published' },
    },
    {
      revisionId: groundB[0]!,
      authorId: ws.memberId,
      time: at(15),
      markup: { kind: 'highlighter', points: [[100, 330], [700, 330]], style: { ...style('#fadb14', 14), opacity: 0.4 }, visibility: 'personal' },
    },
    {
      revisionId: ventilation[0]!,
      authorId: ws.adminId,
      time: at(38),
      markup: { kind: 'text', points: [[3000, 25000]], style: { ...style('#cf1322', 60), fontSize: 600 }, text: 'Check duct clearance above ceiling', visibility: 'published' },
    },
  ];
  const revisions = new Map((await revisionsById(scope, [...new Set(markups.map((m) => m.revisionId))])).map((r) => [r.id, r]));
  await db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    for (const { revisionId, authorId, time, markup } of markups) {
      const valid = validMarkup(markup);
      const revision = revisions.get(revisionId)!;
      await tx
        .insertInto('drawing_markup', [
          {
            workspace_id: ws.workspaceId,
            sheet_id: revision.sheet_id,
            revision_id: revision.id,
            author_id: authorId,
            visibility: valid.visibility,
            kind: valid.kind,
            body: writeJson(bodyOf(valid)),
            photo_file_id: null,
            revision: 1,
            create_time: time,
            updated_by: authorId,
            update_time: time,
          },
        ])
        .execute();
    }
  });
  // The calibration the PDFs print: 1:100 on paper.
  await scope
    .updateTable('drawing_revision')
    .set({ calibration: writeJson({ metresPerUnit: (0.0254 / 72) * 100, source: 'scale', scale: '1:100' }) })
    .where('id', 'in', [groundA!, groundB[0]!])
    .execute();
}

/**
 * Runs the drawing job on a demo file: in the server's own worker threads when jobs run there
 * (pdf.js loads off the starting thread), here when they run in BullMQ workers that may not be
 * up yet at a first start.
 */
async function processDemoFile(deps: DemoDrawingDeps, input: DrawingJobInput, owner: JobOwner): Promise<DrawingJobResult> {
  if (!(deps.jobs instanceof InProcessJobQueue)) {
    return processDrawingUpload(input, { progress: () => undefined, blobs: async () => deps.blobs, attempt: 1 });
  }
  const ended = await deps.jobs.settled<'drawing.process'>(await deps.jobs.add('drawing.process', input, owner));
  if (ended.status !== 'done' || !ended.result) throw new Error(`the demo drawing ${input.fileName} could not be processed: ${ended.problem?.code ?? ended.status}`);
  return ended.result;
}

const style = (color: string, width: number): MarkupInput['style'] => ({ color, width, opacity: 1, fill: null });

const typeOf = (fileName: string) => (fileName.endsWith('.pdf') ? 'application/pdf' : 'image/vnd.dxf');
