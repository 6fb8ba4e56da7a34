import { properTemplateMsgEntity, templateMsgEntity } from '@property/domain';
import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import { ListTabs } from '../../crud/ListTabs';
import { GardenScopedScreen } from '../community/GardenScopedScreen';

/**
 * 消息模板 (menu templatemsg): the templates (temlatemsg) and, beside them, the gardens' messages
 * (propertemlatemsg: which template the header garden's owners get, and the words as sent).
 */
export default function MessageScreen() {
  const { t } = useTranslation();
  return (
    <ListTabs
      tabs={[
        { key: 'templates', label: t('service.templatesTab'), list: <CrudPage entity={templateMsgEntity} /> },
        {
          key: 'garden',
          label: t('service.gardenMessagesTab'),
          list: <GardenScopedScreen entity={properTemplateMsgEntity} />,
        },
      ]}
    />
  );
}
