import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
  BuildOutlined,
  BorderOuterOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { groupOfExtension } from '../../../core/contracts/files.ts';

const BY_EXTENSION: Record<string, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#d4380d' }} />,
  doc: <FileWordOutlined style={{ color: '#1d39c4' }} />,
  docx: <FileWordOutlined style={{ color: '#1d39c4' }} />,
  odt: <FileWordOutlined style={{ color: '#1d39c4' }} />,
  xls: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  xlsx: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  ods: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  csv: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  ppt: <FilePptOutlined style={{ color: '#d46b08' }} />,
  pptx: <FilePptOutlined style={{ color: '#d46b08' }} />,
  odp: <FilePptOutlined style={{ color: '#d46b08' }} />,
  txt: <FileTextOutlined />,
  md: <FileTextOutlined />,
  rtf: <FileTextOutlined />,
};

/** The icon of a document by its extension; folders have their own. */
export function docIcon(kind: 'folder' | 'file', type = ''): ReactNode {
  if (kind === 'folder') return <FolderFilled style={{ color: '#faad14' }} />;
  if (BY_EXTENSION[type]) return BY_EXTENSION[type];
  switch (groupOfExtension(type)) {
    case 'image':
      return <FileImageOutlined style={{ color: '#08979c' }} />;
    case 'archive':
      return <FileZipOutlined />;
    case 'media':
      return <VideoCameraOutlined />;
    case 'model':
      return <BuildOutlined style={{ color: '#531dab' }} />;
    case 'drawing':
      return <BorderOuterOutlined style={{ color: '#0958d9' }} />;
    default:
      return <FileOutlined />;
  }
}

/** Documents the browser can show: images and PDF. */
export const previewKind = (type: string): 'image' | 'pdf' | null =>
  type === 'pdf' ? 'pdf' : groupOfExtension(type) === 'image' ? 'image' : null;
