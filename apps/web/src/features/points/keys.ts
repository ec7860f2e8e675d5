/** Query keys of the points mall. */
export const pointsKeys = {
  all: ['points'] as const,
  summary: () => [...pointsKeys.all, 'summary'] as const,
  rewards: (lang: string, loggedIn: boolean) => [...pointsKeys.all, 'rewards', lang, loggedIn] as const,
  details: (page: number) => [...pointsKeys.all, 'details', page] as const,
  history: (lang: string, page: number) => [...pointsKeys.all, 'history', lang, page] as const,
};
