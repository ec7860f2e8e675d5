/** Member queries and the session hook built on them. */
import { useQuery } from '@tanstack/react-query';
import { member, type FieldRule } from '@lobby/contract';
import { call } from '@/lib/api';
import { useBrand, useRegisterSettings, useStatus } from '@/lib/system';
import { deriveFlags, useToken, type SessionFlags } from './store';

export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
};

/** GET /wps/member/info, only when a token exists. */
export function useMember() {
  const token = useToken();
  return useQuery({
    queryKey: memberKeys.info(),
    queryFn: ({ signal }) => call(member.getMemberInfo, { signal }),
    enabled: !!token,
    staleTime: 30_000,
    retry: false,
  });
}

export interface Session extends SessionFlags {
  token: string | null;
  member: ReturnType<typeof useMember>['data'];
  /** True while a token exists but member info has not arrived yet (flags not final). */
  pending: boolean;
}

/** Login state for components: token, member, loggedIn / trial / agent flags. */
export function useSession(): Session {
  const token = useToken();
  const brand = useBrand();
  const q = useMember();
  const flags = deriveFlags(token, q.data?.type, brand);
  return { ...flags, token, member: q.data, pending: !!token && (q.isPending || !brand) && !q.isError };
}

/**
 * The brand's register field rules: GET /wps/system/setting/register, and until it answers the
 * copy inside the status payload (status.info.register), so forms never wait for a second call.
 */
export function useFieldRules(): Record<string, FieldRule> | undefined {
  const fromStatus = useStatus().data?.info.register;
  const q = useRegisterSettings();
  return q.data ?? fromStatus;
}
