import type { ManagedUser, ManagedWorkspace } from '../../src/core/contracts/management.ts';
import type { Role } from '../../src/core/contracts/role.ts';
import type { MenuNode } from '../../src/core/entities.ts';
import { flattenTree } from '../../src/core/menu-tree.ts';
import { lastCodeSentTo } from './outbox.ts';
import { NORTHWIND, type TestApp } from './test-app.ts';

export const API = '/proptech_allplan';

/** An API call that must succeed; returns its data. */
export async function ok<T>(t: TestApp, method: string, path: string, token: string, body?: unknown, query?: Record<string, string | number>) {
  const result = await t.call<T>(method, `${API}/${path}`, { token, body, query });
  if (!result.body?.success) throw new Error(`${method} ${path}: ${result.status} ${result.body?.message}`);
  return result.body.data;
}

/** The tenant's resource tree (function points included), flattened. */
export async function tenantNodes(t: TestApp, adminToken: string): Promise<MenuNode[]> {
  return flattenTree(await ok<MenuNode[]>(t, 'GET', 'role/resourceTree', adminToken));
}

export async function roleByCode(t: TestApp, adminToken: string, code: string): Promise<Role> {
  const role = (await ok<Role[]>(t, 'GET', 'role/list', adminToken)).find((r) => r.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return role;
}

export async function workspaceByCode(t: TestApp, adminToken: string, code: string): Promise<ManagedWorkspace> {
  const workspace = (await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', adminToken)).find((w) => w.code === code);
  if (!workspace) throw new Error(`no workspace ${code}`);
  return workspace;
}

export async function userIdOf(t: TestApp, adminToken: string, username: string): Promise<number> {
  const users = await ok<{ id: number; username: string }[]>(t, 'GET', 'management/user/options', adminToken);
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`no member ${username}`);
  return user.id;
}

/**
 * A new USER of Northwind made the way an administrator does it: invited through the API,
 * then the password chosen with the mailed code. Returns the user and a tenant token.
 */
export async function inviteAndSignIn(
  t: TestApp,
  adminToken: string,
  input: { username: string; workspaceIds: number[]; roleIds?: number[] },
): Promise<{ user: ManagedUser; token: string; password: string }> {
  const email = `${input.username}@northwind.example`;
  const user = await ok<ManagedUser>(t, 'POST', 'management/user/invite', adminToken, {
    username: input.username,
    name: `Probe ${input.username}`,
    email,
    type: 'USER',
    roleIds: input.roleIds ?? [],
    workspaceIds: input.workspaceIds,
  });
  const password = 'Probe#2026pass';
  const reset = await t.call(`POST`, `${API}/login/resetPsw/email`, {
    body: { email, verificationCode: await lastCodeSentTo(t, email), newPassword: password },
  });
  if (!reset.body.success) throw new Error(`reset failed: ${reset.body.message}`);
  return { user, token: await t.signIn(input.username, NORTHWIND, password), password };
}

/** A new USER of Northwind in NW-HQ with one role (named after them) that grants exactly these function points. */
export async function inviteWithPoints(t: TestApp, adminToken: string, username: string, points: string[]) {
  const nodes = await tenantNodes(t, adminToken);
  const role = await ok<Role>(t, 'POST', 'role/create', adminToken, { code: username, name: `Role of ${username}`, dataScope: 'own' });
  const resourceIds = points.map((point) => nodes.find((node) => node.code === point)!.id);
  await ok(t, 'POST', 'role/grant', adminToken, { id: role.id, resourceIds });
  const hq = await workspaceByCode(t, adminToken, 'NW-HQ');
  return inviteAndSignIn(t, adminToken, { username, workspaceIds: [hq.id], roleIds: [role.id] });
}
