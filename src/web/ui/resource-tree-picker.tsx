import { FileOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../core/entities.ts';
import { everyText } from '../../core/local-text.ts';
import { ResourceTreeIndex, searchTree, selectionView, toggleResource } from '../../core/resource-selection.ts';
import { menuTitle } from '../i18n/menu-title.ts';

interface ResourceTreePickerProps {
  tree: readonly MenuNode[];
  value: readonly number[];
  /** Left out, the tree is read-only. */
  onChange?: (ids: number[]) => void;
  /** Function points (BUTTON nodes) as tagged leaves under their menu; otherwise menus and pages only. */
  withPoints?: boolean;
  /** Names the tree for assistive technology. */
  label: string;
}

function withoutPoints(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((node) => node.type !== 'BUTTON').map((node) => ({ ...node, children: withoutPoints(node.children) }));
}

function toDataNodes(nodes: readonly MenuNode[]): DataNode[] {
  return nodes.map((node) => ({ key: node.id, isLeaf: node.children.length === 0, children: toDataNodes(node.children), data: node }));
}

function NodeTitle({ node, t, lng }: { node: MenuNode; t: TFunction; lng: string }) {
  const title = menuTitle(t, node, lng);
  if (node.type === 'BUTTON') {
    return (
      <span className="admin-tree-point">
        <Tag color="geekblue" icon={<KeyOutlined />} variant="filled">
          {t('admin:tree.point')}
        </Tag>
        <span className="admin-node-title">{title}</span>
        {node.code && (
          <Typography.Text type="secondary" code className="admin-code">
            {node.code}
          </Typography.Text>
        )}
      </span>
    );
  }
  if (node.type === 'PAGE') {
    return (
      <span>
        <Tag icon={<FileOutlined />} variant="filled">
          {t('admin:tree.page')}
        </Tag>
        <span className="admin-node-title">{title}</span>
      </span>
    );
  }
  return <span className="admin-node-title">{title}</span>;
}

/**
 * A menu tree with checkboxes over a set of resource ids: a role's grants, a workspace's or a
 * template's menu. Parents show half-checked when only part of them is chosen
 * (src/core/resource-selection.ts holds the rules); a search narrows the tree to matching
 * titles or function point codes. Arrow keys move, Space checks.
 */
export function ResourceTreePicker({ tree, value, onChange, withPoints = false, label }: ResourceTreePickerProps) {
  const { t, i18n } = useTranslation(['admin', 'menu']);
  const nodes = useMemo(() => (withPoints ? [...tree] : withoutPoints(tree)), [tree, withPoints]);
  const index = useMemo(() => new ResourceTreeIndex(nodes), [nodes]);
  // Clicks act on the whole tree, so hidden function points follow their menu in and out.
  const fullIndex = useMemo(() => (withPoints ? index : new ResourceTreeIndex(tree)), [index, tree, withPoints]);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[]>(() => nodes.map((node) => node.id));

  const searchFor = (text: string) => {
    const needle = text.trim().toLowerCase();
    if (!needle) return null;
    // A title is found in any of its languages, and by the translation a seeded title shows.
    return searchTree(nodes, (node) => [menuTitle(t, node, i18n.language), ...everyText(node.title), node.code ?? ''].some((each) => each.toLowerCase().includes(needle)));
  };
  const search = searchFor(keyword);
  const changeKeyword = (text: string) => {
    setKeyword(text);
    // Each match comes into view; clearing the search goes back to the top level.
    setExpanded(searchFor(text)?.expanded ?? nodes.map((node) => node.id));
  };

  const shown = search ? search.roots : nodes;
  const data = useMemo(() => toDataNodes(shown), [shown]);
  const view = selectionView(index, value);
  const chosen = value.filter((id) => index.has(id)).length;

  return (
    <div className="admin-tree">
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          placeholder={withPoints ? t('admin:tree.search') : t('admin:tree.searchMenus')}
          aria-label={withPoints ? t('admin:tree.search') : t('admin:tree.searchMenus')}
          value={keyword}
          onChange={(event) => changeKeyword(event.target.value)}
          className="admin-search"
        />
        <Button size="small" onClick={() => setExpanded(index.ids.filter((id) => index.node(id)!.children.length > 0))}>
          {t('admin:tree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('admin:tree.collapseAll')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {t('admin:tree.selected', { count: chosen, total: index.ids.length })}
        </Typography.Text>
      </Space>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('admin:tree.noMatch') : t('admin:tree.empty')} />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          blockNode
          disabled={!onChange}
          aria-label={label}
          treeData={data}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          checkedKeys={view}
          onCheck={(_keys, info) => onChange?.(toggleResource(fullIndex, value, Number(info.node.key), info.checked))}
          titleRender={(item) => <NodeTitle node={(item as DataNode & { data: MenuNode }).data} t={t} lng={i18n.language} />}
        />
      )}
    </div>
  );
}
