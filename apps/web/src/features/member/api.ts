/** Security centre queries and mutations (packages/contract member-profile). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberProfile, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { memberKeys, profileKeys, type SecurityProfile } from '@/features/session';

export { profileKeys, useSecurityProfile, type SecurityProfile } from '@/features/session';

/** A change answers the new profile: store it, and refresh member info (nickname, contacts). */
function useProfileChange<B>(fn: (body: B) => Promise<SecurityProfile>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (value) => {
      qc.setQueryData(profileKeys.profile(), value);
      void qc.invalidateQueries({ queryKey: memberKeys.info() });
    },
  });
}

export const useUpdateProfile = () =>
  useProfileChange((body: BodyOf<typeof memberProfile.updateProfile>) => call(memberProfile.updateProfile, { body }));

export const useBindContact = () =>
  useProfileChange((body: BodyOf<typeof memberProfile.bindContact>) => call(memberProfile.bindContact, { body }));

export const sendBindCode = (body: BodyOf<typeof memberProfile.sendBindCode>) => call(memberProfile.sendBindCode, { body });

export function useUploadIcon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (image: string) => call(memberProfile.uploadIcon, { body: { image } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.profile() }),
  });
}
