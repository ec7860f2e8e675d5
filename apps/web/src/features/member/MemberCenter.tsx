import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /member — member centre (default page securityCenter). Built by the member-centre issue. */
export default function MemberCenter() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const tab = params.get('tab') ?? 'securityCenter';
  return <PagePlaceholder page="member" specName="MemberCenter" icon="user" facts={[[t('facts.page'), tab]]} />;
}
