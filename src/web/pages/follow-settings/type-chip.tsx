import {
  BugOutlined,
  CheckSquareOutlined,
  ExclamationCircleOutlined,
  EyeOutlined,
  FireOutlined,
  FlagOutlined,
  PushpinOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';
import type { FollowType, FollowTypeIcon } from '../../../core/contracts/follows.ts';
import { useSettingsTexts } from './settings-texts.ts';

/** The icon of each name a type may pick (any other name shows a plain pin). */
const TYPE_ICONS: Record<FollowTypeIcon, ComponentType> = {
  PushpinOutlined,
  CheckSquareOutlined,
  SafetyOutlined,
  QuestionCircleOutlined,
  BugOutlined,
  ExclamationCircleOutlined,
  WarningOutlined,
  FireOutlined,
  FlagOutlined,
  EyeOutlined,
  ToolOutlined,
};

export function TypeIcon({ name, color }: { name: string; color?: string }) {
  const Icon = TYPE_ICONS[name as FollowTypeIcon] ?? PushpinOutlined;
  return (
    <span style={color ? { color } : undefined} aria-hidden>
      <Icon />
    </span>
  );
}

/** A type as a reader recognises it: its colour, icon and name (and whether it is retired). */
export function TypeChip({ type }: { type: Pick<FollowType, 'name' | 'color' | 'icon' | 'retired'> }) {
  const { t } = useTranslation('followSettings');
  const { textIn } = useSettingsTexts();
  return (
    <span className="follow-type-chip">
      <span className="follow-type-swatch" style={{ background: type.color }} aria-hidden />
      <TypeIcon name={type.icon} color={type.color} />
      <bdi>{textIn(type.name)}</bdi>
      {type.retired && <Tag>{t('types.retiredTag')}</Tag>}
    </span>
  );
}
