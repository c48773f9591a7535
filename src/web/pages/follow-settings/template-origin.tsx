import { Breadcrumb } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FollowTemplateDetail } from '../../../core/contracts/follow-settings.ts';
import type { FollowType } from '../../../core/contracts/follows.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { useSettingsApi, type SettingsApi } from './settings-api.ts';

/** The data templates screen, where the designer goes back to. */
export const DATA_TEMPLATE_PATH = '/drawing/dataTemplateManage';

/**
 * The form designer opened on a type's data template (`?id=<form>&template=<type>`): where it
 * came from (the type, its template's bindings) and how it saves and publishes — through the
 * data template's own calls, so the bindings are checked and a new version is made as on the
 * data templates screen (follow-ups made before keep theirs).
 */
export interface TemplateOrigin {
  type: FollowType;
  template: FollowTemplateDetail;
  /** Saves the draft with the template's bindings; the form's new revision and design. */
  save: (revision: number, design: FollowTemplateDetail['design']) => Promise<FollowTemplateDetail>;
  /** Publishes the draft as the template's next version. */
  publish: () => Promise<number>;
}

function originOf(api: SettingsApi, type: FollowType, template: FollowTemplateDetail): TemplateOrigin {
  return {
    type,
    template,
    save: (revision, design) => api.saveTemplate({ typeId: type.id, revision, design, bindings: template.bindings }),
    publish: async () => (await api.publishTemplate(type.id)).version,
  };
}

/** The origin of a designer opened for type `typeId`'s template (null while loading, or when not opened for one). */
export function useTemplateOrigin(typeId: number | null, formId: number): TemplateOrigin | null | 'failed' {
  const api = useSettingsApi();
  const workspaceCode = useStores().layout.workSpace?.code;
  const [origin, setOrigin] = useState<TemplateOrigin | null | 'failed'>(null);
  useEffect(() => {
    if (typeId === null || !workspaceCode) return;
    let live = true;
    Promise.all([api.types(workspaceCode), api.template(typeId)])
      .then(([types, template]) => {
        const type = types.find((each) => each.id === typeId);
        // A template of another form (an old link) is not this designer's origin.
        if (live) setOrigin(type && template.formId === formId ? originOf(api, type, template) : 'failed');
      })
      .catch(() => live && setOrigin('failed'));
    return () => {
      live = false;
    };
  }, [api, typeId, formId, workspaceCode]);
  return origin;
}

/** Data templates › <type> : the way back to the data templates screen. */
export function TemplateBreadcrumb({ origin }: { origin: TemplateOrigin }) {
  const { t } = useTranslation('followSettings');
  const textIn = useTextIn();
  return (
    <Breadcrumb
      data-testid="designer-template-origin"
      items={[
        { title: <Link to={DATA_TEMPLATE_PATH} data-testid="designer-template-back">{t('template.title')}</Link> },
        { title: <bdi>{textIn(origin.type.name)}</bdi> },
      ]}
    />
  );
}
