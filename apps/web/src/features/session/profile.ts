/** The member's security profile (contacts, payment password, proofs): read by the security centre and by every proof step. */
import { useQuery } from '@tanstack/react-query';
import { memberProfile } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys } from './api';

export const profileKeys = {
  profile: () => [...memberKeys.all, 'profile'] as const,
};

export type SecurityProfile = memberProfile.SecurityProfile;

export function useSecurityProfile() {
  return useQuery({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => call(memberProfile.getProfile, { signal }),
  });
}
