/**
 * System queries built from the contract: status (the permission payload), white-label tree,
 * register settings, help centre, countries, domain routes.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LANGUAGES, enabledModules, isLanguageCode, system, type LanguageCode, type ModuleId,
} from '@lobby/contract';
import { call } from '@/lib/api';
import { useLanguage } from '@/lib/i18n';
import { setMerchant } from '@/lib/storage';

export const systemKeys = {
  all: ['system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
  register: () => [...systemKeys.all, 'register'] as const,
  help: (lang: string) => [...systemKeys.all, 'helpCenter', lang] as const,
  countries: () => [...systemKeys.all, 'countries'] as const,
};

export const statusQuery = () =>
  queryOptions({
    queryKey: systemKeys.status(),
    queryFn: async ({ signal }) => {
      const value = await call(system.getStatus, { signal });
      // Remember the brand so later calls name it in the Merchant header (§4: kept on logout).
      if (value.info.brand.merchantCode) setMerchant(value.info.brand.merchantCode);
      return value;
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: 1,
  });

/** GET /wps/system/status: status code, location, customer service, resources, brand. */
export function useStatus() {
  return useQuery(statusQuery());
}

/** The public brand settings of the current site (undefined until status has loaded). */
export function useBrand() {
  return useStatus().data?.info.brand;
}

/** Enabled module ids of the brand's white-label tree (from status). */
export function useModules(): Set<string> {
  const tree = useStatus().data?.info.whitelabel;
  return useMemo(() => enabledModules(tree ?? []), [tree]);
}

export function useModuleEnabled(id: ModuleId): boolean {
  return useModules().has(id);
}

export function useRegisterSettings() {
  return useQuery({
    queryKey: systemKeys.register(),
    queryFn: ({ signal }) => call(system.getRegisterSettings, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /wps/system/helpCenter in the UI language. */
export function useHelpCenter() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: systemKeys.help(language),
    queryFn: ({ signal }) => call(system.getHelpCenter, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: systemKeys.countries(),
    queryFn: ({ signal }) => call(system.getCountries, { signal }),
    staleTime: 60 * 60_000,
  });
}

export interface LanguageOption {
  code: LanguageCode;
  label: string;
  rtl: boolean;
}

/** The brand's visible languages (status.info.brand.languages) with native labels from the contract. */
export function useLanguageOptions(): LanguageOption[] {
  const brand = useBrand();
  return useMemo(() => {
    const list = brand?.languages?.length ? brand.languages : [{ code: 'ES', label: '', rtl: false }, { code: 'EN', label: '', rtl: false }];
    return list
      .filter((l) => isLanguageCode(l.code))
      .map((l) => {
        const code = l.code as LanguageCode;
        return { code, label: LANGUAGES[code].label || l.label, rtl: l.rtl };
      });
  }, [brand]);
}

/** Customer-service entries of a type (TELEGRAM, WHATSAPP, FACEBOOK, LIVECHAT, ...). */
export function useCustomerService(type?: string) {
  const list = useStatus().data?.info.customerService;
  return useMemo(
    () => (list ?? []).filter((e) => !type || e.csType.toUpperCase() === type.toUpperCase()),
    [list, type],
  );
}

/** The download resource (IOS / ANDROID) of status.info.resources. */
export function useResource(type: 'IOS' | 'ANDROID') {
  const list = useStatus().data?.info.resources;
  return list?.find((r) => r.resourceType.toUpperCase() === type);
}
