/** Customer service and app resources of the brand, from the status call. */
import { useStatus } from '@/lib/system';
import { languageTag, useLanguage } from '@/lib/i18n';
import { localSupportHours } from '@/components/SupportHours';
import { appLinks, supportLinks } from './links';

export function useSupport() {
  const info = useStatus().data?.info;
  const { language } = useLanguage();
  return {
    links: supportLinks(info?.customerService),
    apps: appLinks(info?.resources),
    // the weekdays in the reader's language (issue 23 item 7)
    hours: localSupportHours(info?.brand.supportHours ?? '', languageTag(language)),
  };
}
