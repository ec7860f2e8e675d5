import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /pointMall — the points mall. Built by the points issue. */
export default function PointMall() {
  return <PagePlaceholder page="pointMall" specName="PointMall" icon="crown" />;
}
