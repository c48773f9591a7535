import { LockOutlined } from '@ant-design/icons';
import { Card, Empty, Tree } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocFolder } from '../../../core/contracts/documents.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { TOP_KEY, type DocPageStore } from './doc-page-store.ts';

/** The folder tree as antd's Tree wants it, the workspace's top as its root. */
function treeData(folders: readonly DocFolder[], topTitle: ReactNode) {
  type Node = { key: string; title: ReactNode; children: Node[]; icon?: ReactNode };
  const build = (parentId: number | null): Node[] =>
    folders
      .filter((f) => f.parentId === parentId)
      .map((f) => ({
        key: String(f.id),
        title: (
          <span dir="auto" data-testid={`doc-tree-${f.name}`}>
            {f.name}
            {f.restricted && <LockOutlined className="doc-lock" aria-hidden />}
          </span>
        ),
        children: build(f.id),
      }));
  return [{ key: TOP_KEY, title: topTitle, children: build(null) }];
}

/** The workspace's folders beside the list; choosing one opens it. */
export const DocFolderTree = observer(function DocFolderTree({ page }: { page: DocPageStore }) {
  const { t } = useTranslation('docs');
  const { library } = page;
  return (
    <Card size="small" className="doc-tree-card" title={t('folders')}>
      {library.tree ? (
        <LoadState source={library.tree}>
          {(data) => (
            <Tree
              blockNode
              showIcon={false}
              expandedKeys={page.expanded}
              onExpand={(keys) => page.setExpanded(keys as string[])}
              selectedKeys={[library.folderId === null ? TOP_KEY : String(library.folderId)]}
              onSelect={(keys) => {
                const key = keys[0] as string | undefined;
                if (key !== undefined) library.openFolder(key === TOP_KEY ? null : Number(key));
              }}
              treeData={treeData(data.folders, <span dir="auto">{data.workspace.name}</span>)}
              aria-label={t('folders')}
              data-testid="doc-tree"
            />
          )}
        </LoadState>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
});
