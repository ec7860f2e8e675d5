import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /promotions — the hash is the promotion id (§2). Built by the promotions issue. */
export default function PromotionsPage() {
  const { hash } = useLocation();
  const { t } = useTranslation();
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return <PagePlaceholder page="promotions" specName="Promotions" icon="gift" facts={id ? [[t('facts.promotionId'), id]] : undefined} />;
}
