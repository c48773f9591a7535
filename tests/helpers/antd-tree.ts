import type { Locator } from 'playwright-core';

/** The checkbox of an antd tree node in `scope`, found by the node's exact title. */
export const treeCheckbox = (scope: Locator, title: string): Locator =>
  scope
    .locator('.ant-tree-treenode:not([aria-hidden])', { has: scope.page().locator('.admin-node-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-tree-checkbox');

export const isChecked = async (checkbox: Locator): Promise<boolean> =>
  (await checkbox.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;
