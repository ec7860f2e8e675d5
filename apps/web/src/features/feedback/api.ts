/** Feedback hooks built from the contract: the brand's rules, my feedback, send. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback, type BodyOf } from '@lobby/contract';
import { call } from '@/lib/api';

export const feedbackKeys = {
  all: ['feedback'] as const,
  settings: () => [...feedbackKeys.all, 'settings'] as const,
  mine: (page: number) => [...feedbackKeys.all, 'mine', page] as const,
};

export function useFeedbackSettings() {
  return useQuery({ queryKey: feedbackKeys.settings(), queryFn: ({ signal }) => call(feedback.getSettings, { signal }), staleTime: 5 * 60_000 });
}

export function useMyFeedback(page: number) {
  return useQuery({
    queryKey: feedbackKeys.mine(page),
    queryFn: ({ signal }) => call(feedback.mine, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useSendFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof feedback.submit>) => call(feedback.submit, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...feedbackKeys.all, 'mine'] }),
  });
}
