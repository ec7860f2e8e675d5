/** Query keys of the wallet and cashier domain (tiny on purpose: the realtime bridge imports it). */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  merchantWallet: () => [...walletKeys.all, 'merchantWallet'] as const,
  transactions: (q: object) => [...walletKeys.all, 'transactions', q] as const,
  profit: (q: object) => [...walletKeys.all, 'profit', q] as const,
  bonus: (q: object) => [...walletKeys.all, 'bonus', q] as const,
};

export const cashierKeys = {
  all: ['cashier'] as const,
  depositMethods: () => [...cashierKeys.all, 'depositMethods'] as const,
  deposits: (q?: object) => (q ? ([...cashierKeys.all, 'deposits', q] as const) : ([...cashierKeys.all, 'deposits'] as const)),
  paymentPassword: () => [...cashierKeys.all, 'paymentPassword'] as const,
  withdrawAccounts: () => [...cashierKeys.all, 'withdrawAccounts'] as const,
  withdrawSettings: () => [...cashierKeys.all, 'withdrawSettings'] as const,
  withdrawals: (q?: object) => (q ? ([...cashierKeys.all, 'withdrawals', q] as const) : ([...cashierKeys.all, 'withdrawals'] as const)),
};
