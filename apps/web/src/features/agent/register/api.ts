/** Register-centre hooks built from the contract (invite links and direct downline accounts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentRegister, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';
import { useToken } from '@/features/session';
import { agentKeys } from '../api';

export const registerKeys = {
  all: ['agentRegister'] as const,
  invites: () => [...registerKeys.all, 'invites'] as const,
};

export function useInvites() {
  const token = useToken();
  return useQuery({
    queryKey: registerKeys.invites(),
    queryFn: ({ signal }) => call(agentRegister.inviteList, { signal }),
    enabled: !!token,
    staleTime: 10_000,
  });
}

function useInviteMutation<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: registerKeys.invites() }),
  });
}

export const useCreateInvite = () =>
  useInviteMutation((body: BodyOf<typeof agentRegister.inviteCreate>) => call(agentRegister.inviteCreate, { body }));
export const useSetInviteDisabled = () =>
  useInviteMutation((body: BodyOf<typeof agentRegister.inviteSetDisabled>) => call(agentRegister.inviteSetDisabled, { body }));
export const useDeleteInvite = () =>
  useInviteMutation((body: BodyOf<typeof agentRegister.inviteDelete>) => call(agentRegister.inviteDelete, { body }));

export function useCreateDownline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof agentRegister.createDownline>) => call(agentRegister.createDownline, { body }),
    // the agent centre's downline lists and team figures show the new account
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
