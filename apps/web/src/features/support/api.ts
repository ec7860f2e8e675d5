/** Customer service and app resources of the brand, from the status call. */
import { useStatus } from '@/lib/system';
import { appLinks, supportLinks } from './links';

export function useSupport() {
  const info = useStatus().data?.info;
  return {
    links: supportLinks(info?.customerService),
    apps: appLinks(info?.resources),
    hours: info?.brand.supportHours ?? '',
  };
}
