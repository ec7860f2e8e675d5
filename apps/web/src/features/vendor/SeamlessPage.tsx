import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /seamless — the seamless game page (side menu hidden). Built by the vendor issue. */
export default function SeamlessPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const facts = [...params.entries()].filter(([k]) => k !== 'token').map(([k, v]) => [`${t('facts.param')} ${k}`, v] as [string, string]);
  return <PagePlaceholder page="seamless" specName="Seamless" icon="gamepad" facts={facts} />;
}
