import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FollowPriority, FollowStatus } from '../../../core/contracts/follows.ts';
import { addDays, calendarDay } from '../../../core/follows/due.ts';
import { moveBetween } from '../../../core/follows/status-flow.ts';
import type { Clock } from '../../clock.ts';
import { writeJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import type { BlobStore } from '../../modules/filestore/blob-store.ts';
import { newFileId } from '../../modules/filestore/file-objects.ts';
import { recordHistory } from '../../modules/follow/context.ts';
import { nextFollowNumber } from '../../modules/follow/numbering.ts';
import { numberSortKey, PRIORITY_RANK } from '../../modules/follow/rows.ts';
import { ensureTypes } from '../../modules/follow/types.ts';
import { readSeedDemo } from '../seed-files.ts';
import { DEMO_TRADES, demoLocation, seedDemoFollowLists, type DemoPlace, type DemoTrade } from './follow-lists.ts';

export interface DemoFollowDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  clock: Clock;
}

const DAY = 86_400_000;

type Photo = 'crack' | 'guardrail' | 'drums' | 'door';

interface DemoFollow {
  type: number; // index into the default types: punch item, safety observation, question, defect
  title: string;
  description: string;
  status: FollowStatus;
  priority: FollowPriority;
  sheet: string;
  /** Where on the sheet, as fractions of its width and height. */
  at: [number, number];
  trade: DemoTrade;
  place: DemoPlace;
  /** Days from today; null: no due date. */
  due: number | null;
  /** Days ago it was made. */
  age: number;
  photos: Photo[];
  comments: { by: 'admin' | 'member'; text: string }[];
}

/** Follow-ups of every status and type on the demo's tender sheets. */
const FOLLOWS: readonly DemoFollow[] = [
  {
    type: 0, title: 'Door D-03 does not close flush', description: 'The leaf binds on the frame at the top corner; adjust the hinges or plane the leaf.',
    status: 'open', priority: 'normal', sheet: 'A-101', at: [0.32, 0.41], trade: 'carpentry', place: ['GF', 'R003'], due: 5, age: 2, photos: ['door'],
    comments: [{ by: 'admin', text: 'Please check the other doors on this corridor too.' }],
  },
  {
    type: 1, title: 'Cable drums blocking the escape route', description: 'Two cable drums stand in the corridor to exit 2.',
    status: 'open', priority: 'high', sheet: 'A-101', at: [0.62, 0.55], trade: 'electrical', place: ['GF', 'COR'], due: 1, age: 1, photos: ['drums'],
    comments: [],
  },
  {
    type: 0, title: 'Paint touch-up at the corridor wall', description: 'Scuff marks after the ceiling works, about 2 m².',
    status: 'inProgress', priority: 'low', sheet: 'A-101', at: [0.48, 0.3], trade: 'painting', place: ['GF', 'COR'], due: 10, age: 6, photos: [],
    comments: [{ by: 'member', text: 'Painter booked for Thursday.' }],
  },
  {
    type: 1, title: 'Missing guardrail at the stair opening', description: 'The temporary guardrail was removed for the delivery and not put back.',
    status: 'readyForReview', priority: 'critical', sheet: 'A-102', at: [0.22, 0.63], trade: 'safety', place: ['1F', 'STR'], due: -1, age: 4, photos: ['guardrail'],
    comments: [
      { by: 'member', text: 'Guardrail refitted and tagged.' },
      { by: 'admin', text: 'Thanks, I will check it on the site walk.' },
    ],
  },
  {
    type: 2, title: 'Ceiling height in meeting room 1.04?', description: 'The section shows 2.70 m, the room schedule 2.60 m. Which one applies?',
    status: 'open', priority: 'normal', sheet: 'A-102', at: [0.7, 0.35], trade: 'ceilings', place: ['1F', 'R104'], due: -3, age: 12, photos: [],
    comments: [{ by: 'member', text: 'The ceiling contractor needs the answer before ordering the hangers.' }],
  },
  {
    type: 3, title: 'Crack in the foundation wall at grid C/3', description: 'Hairline crack, about 40 cm long, seen after the formwork came off.',
    status: 'inProgress', priority: 'critical', sheet: 'S-101', at: [0.45, 0.5], trade: 'concrete', place: ['B1', 'C3'], due: 3, age: 20, photos: ['crack'],
    comments: [{ by: 'admin', text: 'Structural engineer asked for a crack width measurement.' }, { by: 'member', text: 'Measured 0.2 mm; photos attached.' }],
  },
  {
    type: 3, title: 'Luminaire missing in the corridor', description: 'Position L-12 has no fitting; the cable end is capped.',
    status: 'closed', priority: 'normal', sheet: 'E-101', at: [0.38, 0.44], trade: 'electrical', place: ['GF', 'COR'], due: -8, age: 35, photos: [],
    comments: [{ by: 'member', text: 'Fitted and tested.' }],
  },
  {
    type: 0, title: 'Socket outlet cover missing', description: 'Double socket next to the reception desk.',
    status: 'closed', priority: 'low', sheet: 'E-101', at: [0.58, 0.62], trade: 'electrical', place: ['GF', 'REC'], due: null, age: 50, photos: [],
    comments: [],
  },
  {
    type: 2, title: 'Fire damper access panel size', description: 'Is a 300 × 300 access panel enough for damper FD-07?',
    status: 'closed', priority: 'normal', sheet: 'A-101', at: [0.8, 0.22], trade: 'mechanical', place: ['GF', 'PLT'], due: null, age: 95, photos: [],
    comments: [{ by: 'admin', text: '400 × 400, as the damper schedule says.' }],
  },
];

const WALL = '<rect width="480" height="360" fill="#c9c4bb"/><rect y="300" width="480" height="60" fill="#8d8579"/>';
const PHOTOS: Record<Photo, string> = {
  crack: `${WALL}<polyline points="120,40 150,95 138,140 176,200 165,255 205,300" fill="none" stroke="#3b3631" stroke-width="4"/><rect x="300" y="150" width="120" height="18" fill="#f5d90a"/>`,
  guardrail: '<rect width="480" height="360" fill="#dfe6ec"/><polygon points="0,360 0,220 260,160 480,200 480,360" fill="#9aa3ab"/><rect x="60" y="120" width="10" height="120" fill="#e8590c"/><rect x="380" y="130" width="10" height="100" fill="#e8590c"/><line x1="70" y1="150" x2="380" y2="160" stroke="#e8590c" stroke-width="6" stroke-dasharray="24 16"/>',
  drums: `${WALL}<circle cx="150" cy="250" r="80" fill="#8b5a2b"/><circle cx="150" cy="250" r="30" fill="#5c3b1c"/><circle cx="330" cy="260" r="70" fill="#8b5a2b"/><circle cx="330" cy="260" r="26" fill="#5c3b1c"/><rect x="400" y="60" width="60" height="30" fill="#2f9e44"/>`,
  door: `${WALL}<rect x="170" y="60" width="150" height="240" fill="#f1ece4" stroke="#6b6258" stroke-width="8"/><rect x="182" y="70" width="126" height="226" fill="#d6b98c" transform="rotate(2 245 180)"/><circle cx="290" cy="190" r="7" fill="#444"/>`,
};

/** A small PNG of a site photo, drawn from shapes (no fonts needed). */
async function photoPng(kind: Photo): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">${PHOTOS[kind]}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The statuses a follow-up passes to reach `status` from open, each a move of the flow. */
function pathTo(status: FollowStatus): FollowStatus[] {
  const steps: Record<FollowStatus, FollowStatus[]> = {
    open: [],
    inProgress: ['inProgress'],
    readyForReview: ['inProgress', 'readyForReview'],
    closed: ['inProgress', 'readyForReview', 'closed'],
  };
  steps[status].forEach((to, i, all) => {
    if (!moveBetween(i === 0 ? 'open' : all[i - 1]!, to)) throw new Error(`the flow has no move to ${to}`);
  });
  return steps[status];
}

/**
 * Each demo workspace with drawings and follow-ups gets follow-ups of every type and status on
 * its tender sheets on the first start: pinned, assigned to the workspace's member and reviewed
 * by the ADMIN, with photos, comments, watchers and the history of their moves; their trades and
 * locations are options of the workspace's lists, seeded first. A workspace
 * that has follow-ups is left alone.
 */
export async function seedDemoFollows(deps: DemoFollowDeps): Promise<void> {
  // The follow-ups take their trades and locations from the workspace's lists.
  await seedDemoFollowLists(deps);
  const demo = readSeedDemo();
  const users = new Map((await deps.db.selectFrom('app_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  const photos = new Map<Photo, { sha256: string; size: number }>();
  const photoBlob = async (kind: Photo) => {
    let blob = photos.get(kind);
    if (!blob) {
      const staged = await deps.blobs.stage(Readable.from([await photoPng(kind)]));
      await staged.commit();
      staged.settle();
      blob = { sha256: staged.sha256, size: staged.size };
      photos.set(kind, blob);
    }
    return blob;
  };
  for (const tenant of demo.tenants) {
    const tenantRow = await deps.db.selectFrom('tenant').select('id').where('code', '=', tenant.code).executeTakeFirst();
    const admin = tenant.members.find((m) => m.type === 'ADMIN');
    if (!tenantRow || !admin) continue;
    const scope = new TenantScope(deps.db, tenantRow.id);
    const offered = tenant.workspaces.filter((w) => w.menus.includes('*') || (w.menus.includes('follows') && w.menus.includes('drawings')));
    for (const ws of offered) {
      const workspace = await scope.selectFrom('workspace').select(['id']).where('code', '=', ws.code).executeTakeFirst();
      if (!workspace) continue;
      const seeded = await scope.selectFrom('follow_up').select('id').where('workspace_id', '=', workspace.id).limit(1).executeTakeFirst();
      if (seeded) continue;
      const sheets = await scope
        .selectFrom('drawing_sheet')
        .innerJoin('drawing_revision', 'drawing_revision.id', 'drawing_sheet.current_revision_id')
        .select(['drawing_sheet.id', 'drawing_sheet.number', 'drawing_revision.id as revisionId', 'drawing_revision.width', 'drawing_revision.height'])
        .where('drawing_sheet.workspace_id', '=', workspace.id)
        .where('drawing_sheet.deleted_time', 'is', null)
        .execute();
      if (!sheets.length) continue;
      const member = tenant.members.find((m) => m.type === 'USER' && m.workspaces.includes(ws.code) && m.roles?.includes('member'));
      const adminId = users.get(admin.username)!;
      const memberId = member ? users.get(member.username)! : adminId;
      await seedWorkspace(deps, scope, { id: workspace.id, code: ws.code }, sheets, { adminId, memberId }, photoBlob);
    }
  }
}

async function seedWorkspace(
  deps: DemoFollowDeps,
  scope: TenantScope,
  workspace: { id: number; code: string },
  sheets: { id: number; number: string; revisionId: number; width: number; height: number }[],
  people: { adminId: number; memberId: number },
  photoBlob: (kind: Photo) => Promise<{ sha256: string; size: number }>,
): Promise<void> {
  const { id: workspaceId, code: workspaceCode } = workspace;
  const now = deps.clock.now();
  const today = calendarDay(new Date(now));
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY + hours * 3_600_000).toISOString();
  const blobs = new Map<Photo, { sha256: string; size: number }>();
  for (const follow of FOLLOWS) for (const kind of follow.photos) if (!blobs.has(kind)) blobs.set(kind, await photoBlob(kind));
  await deps.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await ensureTypes(tx, workspaceId, at(120), people.adminId);
    const types = await tx.selectFrom('follow_type').select(['id', 'numbering']).where('workspace_id', '=', workspaceId).orderBy('sort').orderBy('id').execute();
    for (const follow of FOLLOWS) {
      const sheet = sheets.find((s) => s.number === follow.sheet) ?? sheets[0]!;
      const type = types[follow.type] ?? types[0]!;
      const created = at(follow.age);
      const creator = follow.type === 1 ? people.adminId : people.memberId;
      const number = await nextFollowNumber(tx, workspaceId, type.numbering, new Date(created));
      const path = pathTo(follow.status);
      const lastMove = follow.status === 'open' ? created : at(Math.max(follow.age - path.length, 0), 1);
      const { id } = await tx
        .insertInto('follow_up', [
          {
            workspace_id: workspaceId,
            type_id: type.id,
            number,
            number_sort: numberSortKey(number),
            title: follow.title,
            description: follow.description,
            status: follow.status,
            priority: follow.priority,
            priority_rank: PRIORITY_RANK[follow.priority],
            reviewer_id: people.adminId,
            due_date: follow.due === null ? null : addDays(today, follow.due),
            trade: DEMO_TRADES[follow.trade].code,
            location: demoLocation(workspaceCode, follow.place),
            sheet_id: sheet.id,
            pin_revision_id: sheet.revisionId,
            pin_x: Math.round(sheet.width * follow.at[0] * 10) / 10,
            pin_y: Math.round(sheet.height * follow.at[1] * 10) / 10,
            model_element_id: null,
            template_form_id: null,
            template_version: null,
            template_values: null,
            comment_count: follow.comments.length,
            photo_count: follow.photos.length,
            revision: 1 + path.length,
            created_by: creator,
            create_time: created,
            updated_by: path.length ? people.memberId : creator,
            update_time: lastMove,
            closed_time: follow.status === 'closed' ? lastMove : null,
          },
        ])
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('follow_assignee', [{ follow_id: id, user_id: people.memberId }]).execute();
      const watchers = [...new Set([creator, people.memberId, people.adminId])];
      await tx.insertInto('follow_watcher', watchers.map((user_id) => ({ follow_id: id, user_id }))).execute();
      await recordHistory(tx, { workspaceId, followId: id, userId: creator, time: created, action: 'create', note: number });
      for (const [index, photo] of follow.photos.entries()) {
        const blob = blobs.get(photo)!;
        const fileId = newFileId();
        const name = `${number}-${index + 1}.png`;
        await tx.insertInto('file_object', [{ id: fileId, sha256: blob.sha256, name, size: blob.size, type: 'image/png', created_by: creator, create_time: created }]).execute();
        await tx.insertInto('follow_photo', [{ follow_id: id, file_id: fileId, added_by: creator, create_time: created }]).execute();
        await recordHistory(tx, { workspaceId, followId: id, userId: creator, time: created, action: 'photoAdd', note: name });
      }
      let from: FollowStatus = 'open';
      for (const [step, to] of path.entries()) {
        const by = to === 'closed' ? people.adminId : people.memberId;
        const time = at(Math.max(follow.age - step - 1, 0), 1);
        await recordHistory(tx, { workspaceId, followId: id, userId: by, time, action: 'status', changes: [{ field: 'status', from, to }] });
        from = to;
      }
      for (const [index, comment] of follow.comments.entries()) {
        const by = comment.by === 'admin' ? people.adminId : people.memberId;
        const time = at(Math.max(follow.age - index - 1, 0), 2);
        await tx.insertInto('follow_comment', [{ follow_id: id, author_id: by, text: comment.text, mention_ids: writeJson([]), create_time: time }]).execute();
        await recordHistory(tx, { workspaceId, followId: id, userId: by, time, action: 'comment', note: comment.text });
      }
    }
  });
}
