/** Customer service and app resources of the brand, from the status call. */
import { useStatus } from '@/features/system/api';
import { appLinks, supportLinks } from './links';

export function useSupport() {
  const info = useStatus().data?.info;
  return {
    links: supportLinks(info?.customerService),
    apps: appLinks(info?.resources),
    hours: info?.brand.supportHours ?? '',
  };
}
