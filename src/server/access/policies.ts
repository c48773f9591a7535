import { attachment } from './attachment.ts';
import { drawing } from './drawing.ts';
import { file } from './file.ts';
import { flow } from './flow.ts';
import { folder } from './folder.ts';
import { follow } from './follow.ts';
import { followSettings } from './follow-settings.ts';
import { form } from './form.ts';
import { member } from './member.ts';
import { page } from './page.ts';
import { plate } from './plate.ts';
import { record } from './record.ts';
import { schedule } from './schedule.ts';
import { workspace } from './workspace.ts';

/**
 * Who may do what, by resource: `policy.plate.open(caller, row)`, `policy.record.read(caller,
 * form, settings, row)`... Handlers load what they need, then ask here and answer 403 (or 404
 * where the thing is not there for the caller). The ADMIN rule lives in admin.ts.
 */
export const policy = { attachment, drawing, file, flow, folder, follow, followSettings, form, member, page, plate, record, schedule, workspace } as const;
